import { useNavigate } from '@tanstack/react-router';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator, type Key } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { Avatar } from '../../components/Avatar';
import { fullName } from '../../lib/format';
import { useLogout, useSignOutEverywhere } from '../auth';

/**
 * The signed-in user's avatar and name in the header open this menu: their profile and public page
 *, their notifications and topics, Logout and Sign out everywhere. It holds Logout, because
 * between 1024 and 1199px the header's own Logout button gives way (the header's priority order).
 */
export function AccountMenu({ user }: { user: User }) {
  const signOutEverywhere = useSignOutEverywhere();
  const logout = useLogout();
  const navigate = useNavigate();
  const onAction = (key: Key) => {
    if (key === 'profile') void navigate({ to: '/profile' });
    else if (key === 'cpd') void navigate({ to: '/cpd' });
    else if (key === 'notifications') void navigate({ to: '/notifications' });
    else if (key === 'topics') void navigate({ to: '/topics' });
    else if (key === 'public-page') void navigate({ to: '/members/$id', params: { id: user.id } });
    else if (key === 'logout') logout.mutate();
    else if (key === 'everywhere') signOutEverywhere.mutate();
  };
  return (
    <MenuTrigger>
      <Button className="site-account__trigger" aria-busy={logout.isPending || undefined} aria-label={`Account menu for ${fullName(user)}`}>
        <Avatar person={user} size="sm" />
        <span className="site-account__name">{fullName(user)}</span>
        <svg className="select__chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="listbox" onAction={onAction}>
          <MenuItem id="profile" className="listbox__item">
            Profile
          </MenuItem>
          <MenuItem id="public-page" className="listbox__item">
            Your public page
          </MenuItem>
          <MenuItem id="cpd" className="listbox__item">
            CPD ledger
          </MenuItem>
          <MenuItem id="notifications" className="listbox__item">
            Notifications
          </MenuItem>
          <MenuItem id="topics" className="listbox__item">
            Your topics
          </MenuItem>
          <Separator className="listbox__separator" />
          <MenuItem id="logout" className="listbox__item">
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </MenuItem>
          <MenuItem id="everywhere" className="listbox__item">
            Sign out everywhere
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
