import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PlainButton } from '../../components/PlainButton';
import { MenuIcon } from '../../components/icons';

// The sheet (react-aria's Modal and Dialog) loads when the menu is first opened, not
// with the first page (the first-load bundle budget).
const MobileMenuSheet = lazy(() => import('./MobileMenuSheet').then((m) => ({ default: m.MobileMenuSheet })));

/**
 * The hamburger menu shown under 1024px: the navigation links, the theme and Install and, when signed
 * in, the user, Logout and Sign out everywhere.
 */
export function MobileMenu() {
  const [isOpen, setOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });
  // Any navigation closes it: a chosen link, and also Logout, which ends on /login.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <PlainButton
        variant="ghost"
        size="icon"
        className="site-menu-button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPress={() => setOpen(true)}
      >
        <MenuIcon />
      </PlainButton>
      {isOpen ? (
        <Suspense fallback={null}>
          <MobileMenuSheet isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
