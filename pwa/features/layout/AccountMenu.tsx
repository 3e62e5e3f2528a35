import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { Avatar } from '../../components/Avatar';
import { fullName } from '../../lib/format';
import { useSignOutEverywhere } from '../auth/session';

/** The signed-in user's name in the header opens this menu: account actions that are not everyday ones. */
export function AccountMenu({ user }: { user: User }) {
  const signOutEverywhere = useSignOutEverywhere();
  return (
    <MenuTrigger>
      <Button className="site-account__trigger" aria-label={`Account menu for ${fullName(user)}`}>
        <Avatar person={user} size="sm" />
        <span className="site-account__name">{fullName(user)}</span>
        <svg className="select__chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="listbox" onAction={(key) => key === 'everywhere' && signOutEverywhere.mutate()}>
          <MenuItem id="everywhere" className="listbox__item">
            Sign out everywhere
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
