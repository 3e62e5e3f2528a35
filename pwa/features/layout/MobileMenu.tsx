import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { authQueries } from '../../api/auth.queries';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { MenuIcon } from '../../components/icons';
import { fullName } from '../../lib/format';
import { LogoutButton } from '../auth/LogoutButton';
import { NavLinks } from './NavLinks';
import { useSignOutEverywhere } from '../auth/session';

/** The hamburger menu shown under 768px: the navigation links and, when signed in, the user and Logout. */
export function MobileMenu() {
  const { data: user } = useQuery(authQueries.user());
  const [isOpen, setOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });
  // Any navigation closes it: a chosen link, and also Logout, which ends on /login.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="ghost" size="icon" className="site-menu-button" aria-label="Open menu">
        <MenuIcon />
      </Button>
      <ModalOverlay className="menu-overlay" isDismissable>
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
                {user ? (
                  <div className="menu-sheet__account">
                    <span className="menu-sheet__user">
                      <Avatar person={user} size="sm" />
                      {fullName(user)}
                    </span>
                    <LogoutButton />
                    <SignOutEverywhereButton />
                  </div>
                ) : null}
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

/** Under 768px the header's account menu is hidden; its action is here instead. */
function SignOutEverywhereButton() {
  const signOutEverywhere = useSignOutEverywhere();
  return (
    <Button variant="ghost" size="sm" isPending={signOutEverywhere.isPending} onPress={() => signOutEverywhere.mutate()}>
      Sign out everywhere
    </Button>
  );
}
