import { Outlet } from '@tanstack/react-router';
import { ToastRegion } from '../../components/Toast';
import { Header } from './Header';

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <ToastRegion />
    </>
  );
}
