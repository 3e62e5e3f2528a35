import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isAdminRole } from '../../../contracts/constants';
import { authQueries } from '../../session/queries';
import { useMenuVisibility, type MenuKey } from '../../api/menu';

const NAV_LINKS = [
  { key: 'news', to: '/news', label: 'News' },
  { key: 'podcasts', to: '/podcasts', label: 'Podcasts' },
  { key: 'forums', to: '/forums', label: 'Forums' },
  { key: 'resources', to: '/resources', label: 'Resources' },
  { key: 'community', to: '/community', label: 'Community' },
] as const satisfies readonly { key: MenuKey; to: string; label: string }[];

/**
 * The navigation entries: those not hidden by menu settings, plus Admin for admins and Main Page for
 * editors (the panel they may use; admins reach it from Admin). Rendered in the header and
 * again in the mobile menu; `onNavigate` lets the menu close when a link is chosen.
 */
export function NavLinks({ label, onNavigate }: { label: string; onNavigate?: () => void }) {
  const { data: user } = useQuery(authQueries.user());
  const menu = useMenuVisibility();
  return (
    <nav aria-label={label} className="site-nav">
      <ul>
        {menu.isReady
          ? NAV_LINKS.filter(({ key }) => menu.isVisible(key)).map(({ key, to, label: text }) => (
              <li key={key}>
                <Link to={to} onClick={onNavigate}>
                  {text}
                </Link>
              </li>
            ))
          : null}
        {isAdminRole(user?.role) ? (
          <li>
            <Link to="/admin" onClick={onNavigate}>
              Admin
            </Link>
          </li>
        ) : null}
        {/* Editors reach the Main Page panel directly; admins through Admin. */}
        {user?.role === 'editor' ? (
          <li>
            <Link to="/admin/main-page" onClick={onNavigate}>
              Main Page
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
