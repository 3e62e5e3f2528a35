import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { authQueries } from '../../session/queries';
import { Avatar } from '../../components/Avatar';
import { Button, buttonClassName } from '../../components/Button';
import { fullName } from '../../lib/format';
import { LogoutButton } from '../auth';
import { useSignOutEverywhere } from '../auth';
import { ACCOUNT_PAGES } from './accountPages';
import { InstallButton } from './InstallButton';
import { NavLinks } from './NavLinks';
import { ThemeToggle } from './ThemeToggle';

/** The open hamburger menu (MobileMenu loads it on first use). */
export function MobileMenuSheet({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { data: user } = useQuery(authQueries.user());
  return (
    <ModalOverlay className="menu-overlay" isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className="menu-sheet">
        <Dialog className="menu-sheet__dialog">
          {({ close }) => (
            <>
              <div className="menu-sheet__header">
                <Heading slot="title" className="menu-sheet__title">
                  Menu
                </Heading>
                <Button variant="ghost" size="icon" aria-label="Close menu" onPress={close}>
                  <span aria-hidden="true">×</span>
                </Button>
              </div>
              <NavLinks label="Mobile" onNavigate={close} />
              {/* Below 1024px the header leaves these to the menu (its priority order). */}
              <div className="menu-sheet__settings">
                <span className="menu-sheet__setting">
                  <span aria-hidden="true">Dark theme</span>
                  <ThemeToggle />
                </span>
                <InstallButton />
              </div>
              {user ? (
                <div className="menu-sheet__account">
                  <span className="menu-sheet__user">
                    <Avatar person={user} size="sm" />
                    {fullName(user)}
                  </span>
                  {ACCOUNT_PAGES.map(({ to, label }) => (
                    <Link key={to} to={to} className={buttonClassName({ variant: 'secondary', size: 'sm' })} onClick={close}>
                      {label}
                    </Link>
                  ))}
                  <LogoutButton />
                  <SignOutEverywhereButton />
                </div>
              ) : null}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Under 1024px the header's account menu is hidden; its action is here instead. */
function SignOutEverywhereButton() {
  const signOutEverywhere = useSignOutEverywhere();
  return (
    <Button variant="ghost" size="sm" isPending={signOutEverywhere.isPending} onPress={() => signOutEverywhere.mutate()}>
      Sign out everywhere
    </Button>
  );
}
