import { useNavigate } from '@tanstack/react-router';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator, type Key } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { Avatar } from '../../components/Avatar';
import { fullName } from '../../lib/format';
import { useLogout, useSignOutEverywhere } from '../auth';
import { ACCOUNT_PAGES } from './accountPages';

type AccountPage = (typeof ACCOUNT_PAGES)[number];

const pageItem = ({ id, label }: AccountPage) => (
  <MenuItem key={id} id={id} className="listbox__item">
    {label}
  </MenuItem>
);

// The public page (it needs the member's id) stands right after Profile.
const [profile, ...otherPages] = ACCOUNT_PAGES;

/**
 * The signed-in user's avatar and name in the header open this menu: their profile and public page,
 * their CPD ledger, notifications and topics, Logout and Sign out everywhere. It holds Logout, because
 * between 1024 and 1199px the header's own Logout button gives way (the header's priority order).
 */
export function AccountMenu({ user }: { user: User }) {
  const signOutEverywhere = useSignOutEverywhere();
  const logout = useLogout();
  const navigate = useNavigate();
  const onAction = (key: Key) => {
    const page = ACCOUNT_PAGES.find(({ id }) => id === key);
    if (page) void navigate({ to: page.to });
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
          {pageItem(profile)}
          <MenuItem id="public-page" className="listbox__item">
            Your public page
          </MenuItem>
          {otherPages.map(pageItem)}
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
