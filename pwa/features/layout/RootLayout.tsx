import { Outlet } from '@tanstack/react-router';
import { ToastRegion } from '../../components/Toast';
import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';
import { Footer } from './Footer';
import { Header } from './Header';
import { TwoFactorRequirement } from './TwoFactorRequirement';
import { PlayerHost } from '../listening';

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <OfflineBanner />
      <main id="main" tabIndex={-1}>
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
