import { DataTable } from '../../components/DataTable';
import type { UseQueryResult } from '@tanstack/react-query';
import type { User } from '../../../contracts/auth';
import type { UserApi } from '../../api/users';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { EmptyState } from '../../components/EmptyState';
import { fullName } from '../../lib/format';
import { LoadFailure } from '../content/LoadFailure';
import { ActiveBadge, RoleBadge } from './badges';
import { TableSkeleton } from './TableSkeleton';
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
}

/**
 * The users table of the control panel's Users tab and of /admin/users (spec 2): its loading,
 * failed and empty states, then one row per user with role, status and the row actions. One
 * component for both screens; their differences are the props.
 */
export function UserTable({ users, rows, api, onEdit, emptyTitle, withProfile = false }: UserTableProps) {
  if (users.isPending) return <TableSkeleton label="Loading users" />;
  if (users.isError) {
    return <LoadFailure what="admin" error={users.error} title="Users could not be loaded." retry={() => void users.refetch()} />;
  }
  if (!rows?.length) return <EmptyState title={emptyTitle} />;
  return (
    <DataTable columns={[withProfile ? 'User' : 'Name', 'Email', 'Role', 'Status', 'Actions']}>
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
                </span>
              </span>
            ) : (
              <>
                {fullName(user)}
                <SelfBadge user={user} />
              </>
            )}
          </th>
          <td role="cell" data-label="Email" className="data-table__email">{user.email}</td>
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
