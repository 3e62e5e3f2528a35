import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { Avatar } from '../../components/Avatar';
import { fullName } from '../../lib/format';
import { useLogout, useSignOutEverywhere } from '../auth/session';

/**
 * The signed-in user's avatar and name in the header open this menu. It also holds Logout, because
 * between 1024 and 1199px the header's own Logout button gives way (the header's priority order).
 */
export function AccountMenu({ user }: { user: User }) {
  const signOutEverywhere = useSignOutEverywhere();
  const logout = useLogout();
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
        <Menu className="listbox" onAction={(key) => (key === 'logout' ? logout.mutate() : key === 'everywhere' && signOutEverywhere.mutate())}>
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
