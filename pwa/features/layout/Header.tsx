import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { authQueries } from '../../session/queries';
import { PlainLinkButton } from '../../components/PlainButton';
import { InstallButton } from './InstallButton';
import { OfflineIndicator } from './OfflineIndicator';
import { SavedLink, useReadingListSync } from '../library';
import { LogoutButton } from '../auth';
import { useOutboxSync } from '../../outbox/useOutboxSync';
import { useSessionUserId } from '../../session/useSession';
import { useSiteName } from '../site';
import { useLive } from '../../lib/clock';
import { MobileMenu } from './MobileMenu';
import { NavLinks } from './NavLinks';
import { LazyNotificationBell } from '../notifications';
import { ThemeToggle } from './ThemeToggle';

// Only signed-in members (or a device with a queue) need these, and their menus and dialogs weigh
// enough that a visitor's first load of / does without them (the bundle budget).
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));
const SyncStatus = lazy(() => import('../../outbox/SyncStatus').then((m) => ({ default: m.SyncStatus })));

export function Header() {
  const siteName = useSiteName();
  const { data: user, isPending } = useQuery(authQueries.user());
  const live = useLive();
  const sessionUserId = useSessionUserId();
  // The outbox's engine runs from the always-present header; its status widget loads lazily.
  useOutboxSync();
  // So does the member's reading list's download to this device (its code loads when it runs).
  useReadingListSync();

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo" activeOptions={{ exact: true }} activeProps={{ 'aria-current': undefined }}>
          <LogoMark />
          <span className="site-logo__name">{siteName}</span>
        </Link>
        <NavLinks label="Main" />
        {/*
          Priority order (docs/decisions/2026-11-24-header-gives-way-by-priority.md): the connection and sync state, Saved, the
          notification bell, the account or Login and the menu button always stay; Install and the theme move into the menu
          sheet below 1024px; the account's name, Logout and the brand name give way on narrower
          desktops. Nothing here may grow the header past the screen.
        */}
        <div className="site-actions">
          <OfflineIndicator />
          {user || (live && sessionUserId) ? (
            <Suspense fallback={null}>
              <SyncStatus />
            </Suspense>
          ) : null}
          <SavedLink />
          <div className="site-actions__wide">
            <InstallButton />
            <ThemeToggle />
          </div>
          {/* Nothing until the session is known, so a signed-in user never sees Login flash. */}
          {user ? (
            <Suspense fallback={null}>
              <LazyNotificationBell />
            </Suspense>
          ) : null}
          {isPending ? null : user ? (
            <div className="site-account site-account--signed-in">
              <Suspense fallback={null}>
                <AccountMenu user={user} />
              </Suspense>
              <LogoutButton />
            </div>
          ) : (
            <PlainLinkButton to="/login" size="sm" className="site-login">
              Login
            </PlainLinkButton>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

function LogoMark() {
  return (
    <svg className="site-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--color-primary)" />
      <path d="M9 22V11M14.5 22V8M20 22v-8M25 22V13" stroke="var(--color-on-primary)" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}
