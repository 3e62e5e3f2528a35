import { DataTable, type DataTableSort } from '../../../components/DataTable';
import type { UseQueryResult } from '@tanstack/react-query';
import type { User } from '../../../../contracts/auth';
import type { AdminUserRow } from '../../../../contracts/users';
import type { UserApi } from '../../../api/users';
import { Avatar } from '../../../components/Avatar';
import { Badge } from '../../../components/Badge';
import { EmptyState } from '../../../components/EmptyState';
import { Time } from '../../../components/Time';
import { fullName } from '../../../lib/format';
import { LoadFailure } from '../../content';
import { ActiveBadge, RoleBadge } from './badges';
import { TableSkeleton } from '../TableSkeleton';
import { SelfBadge, UserRowActions } from './UserRowActions';

export interface UserTableProps {
  users: UseQueryResult<User[]>;
  /** The users to show (the list itself, or what the screen's search left of it). */
  rows: User[] | undefined;
  /** Which API family the row actions call (the Users tab's or User management's, spec 7). */
  api: UserApi;
  onEdit: (user: User) => void;
  /** The spec's empty text, which differs between the two screens. */
  emptyTitle: string;
  /** User management: the avatar, title and company beside the name, under a 'User' column. */
  withProfile?: boolean;
  /** User management: joined, last seen, posts and comments columns (the rows are AdminUserRow). */
  withActivity?: boolean;
  /** Sortable column headers (User management). */
  sort?: DataTableSort;
}

/** The activity columns' labels, which also name their sort keys in UserManagementScreen. */
export const ACTIVITY_COLUMNS = ['Joined', 'Last seen', 'Posts', 'Comments'] as const;

const hasActivity = (user: User): user is AdminUserRow => 'postCount' in user;

/**
 * The users table of the control panel's Users tab and of /admin/users (spec 2): its loading,
 * failed and empty states, then one row per user with role, status and the row actions. One
 * component for both screens; their differences are the props.
 */
export function UserTable({ users, rows, api, onEdit, emptyTitle, withProfile = false, withActivity = false, sort }: UserTableProps) {
  if (users.isPending) return <TableSkeleton label="Loading users" />;
  if (users.isError) {
    return <LoadFailure what="admin" error={users.error} title="Users could not be loaded." retry={() => void users.refetch()} />;
  }
  if (!rows?.length) return <EmptyState title={emptyTitle} />;
  return (
    <DataTable
      // With the activity columns the email goes under the name: nine columns do not fit 1280 px.
      columns={[withProfile ? 'User' : 'Name', ...(withActivity ? [] : ['Email']), 'Role', 'Status', ...(withActivity ? ACTIVITY_COLUMNS : []), 'Actions']}
      sort={sort}
    >
      {rows.map((user) => (
        <tr key={user.id} role="row">
          <th scope="row" role="rowheader">
            {withProfile ? (
              <span className="data-table__person">
                <Avatar person={user} size="sm" />
                <span>
                  {fullName(user)}
                  <SelfBadge user={user} />
                  {user.title || user.company ? (
                    <span className="data-table__sub">{[user.title, user.company].filter(Boolean).join(', ')}</span>
                  ) : null}
                  {withActivity ? <span className="data-table__sub data-table__email">{user.email}</span> : null}
                </span>
              </span>
            ) : (
              <>
                {fullName(user)}
                <SelfBadge user={user} />
              </>
            )}
          </th>
          {withActivity ? null : (
            <td role="cell" data-label="Email" className="data-table__email">
              {user.email}
            </td>
          )}
          <td role="cell" data-label="Role">
            <RoleBadge role={user.role} />
          </td>
          <td role="cell" data-label="Status">
            <ActiveBadge isActive={user.isActive} />
            {user.twoFactorEnabled ? (
              <>
                {' '}
                <Badge tone="neutral">Two-step sign-in</Badge>
              </>
            ) : null}
          </td>
          {withActivity && hasActivity(user) ? (
            <>
              <td role="cell" data-label="Joined">
                <Time value={user.joinedAt} show="date" />
              </td>
              <td role="cell" data-label="Last seen">
                {user.lastSeenAt ? <Time value={user.lastSeenAt} show="relative" /> : <span className="data-table__none">Never</span>}
              </td>
              <td role="cell" data-label="Posts" className="data-table__number">
                {user.postCount}
              </td>
              <td role="cell" data-label="Comments" className="data-table__number">
                {user.commentCount}
              </td>
            </>
          ) : null}
          <td role="cell">
            <div className="data-table__actions">
              <UserRowActions user={user} api={api} onEdit={onEdit} />
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
