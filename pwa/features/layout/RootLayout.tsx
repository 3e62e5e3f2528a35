import { Outlet, useRouterState } from '@tanstack/react-router';
import { ToastRegion } from '../../components/Toast';
import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';
import { Footer } from './Footer';
import { Header } from './Header';
import { TwoFactorRequirement } from './TwoFactorRequirement';
import { PlayerHost } from '../listening';

export function RootLayout() {
  // While a link's screen loads (its code, its data), the previous screen stays: say it is being replaced.
  const navigating = useRouterState({ select: (state) => state.status === 'pending' });
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <OfflineBanner />
      <main id="main" tabIndex={-1} aria-busy={navigating || undefined}>
        <Outlet />
      </main>
      <Footer />
      <PlayerHost />
      <UpdatePrompt />
      <ToastRegion />
      <TwoFactorRequirement />
    </>
  );
}
