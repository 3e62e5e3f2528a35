import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { userApi, userQueries } from '../../api/users.queries';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { SearchField } from '../../components/SearchField';
import { Select } from '../../components/Select';
import { fullName } from '../../lib/format';
import { matchesSearch } from '../news/listFilters';
import { AdminPage } from './AdminPage';
import { ActiveBadge, RoleBadge } from './badges';
import { isRole, ROLE_OPTIONS } from './labels';
import { TableSkeleton } from './UsersTab';
import { UserFormDialog } from './UserFormDialog';
import { SelfBadge, UserRowActions } from './UserRowActions';
import { LoadFailure } from '../../offline/LoadFailure';

const ROLE_FILTERS = [{ id: 'all', label: 'All roles' }, ...ROLE_OPTIONS];
const STATUS_FILTERS = [
  { id: 'all', label: 'All statuses' },
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
];

/** /admin/users (spec 2, User management; admins). */
export function UserManagementScreen() {
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  return (
    <AdminPage
      title="User Management"
      description="Find, add, edit and remove user accounts."
      allow="admin"
      showBackLink
      actions={<Button onPress={() => setEditing('new')}>Add User</Button>}
    >
      <UserList onEdit={setEditing} />
      <UserFormDialog
        variant="management"
        user={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setEditing(null);
        }}
      />
    </AdminPage>
  );
}

function UserList({ onEdit }: { onEdit: (user: User) => void }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Key>('all');
  const [status, setStatus] = useState<Key>('all');
  // Role and status filter on the server (GET /api/admin/users?role=&active=); the text search runs here (spec 5).
  const users = useQuery(
    userQueries.adminList({
      role: isRole(role) ? role : null,
      active: status === 'all' ? null : status === 'active',
    }),
  );
  const visible = (users.data ?? []).filter((user) => matchesSearch(search, fullName(user, ''), user.email));

  let body;
  if (users.isPending) body = <TableSkeleton label="Loading users" />;
  else if (users.isError)
    body = (
      <LoadFailure
        what="admin"
        error={users.error}
        title="Users could not be loaded."
        retry={() => void users.refetch()}
      />
    );
  else if (visible.length === 0) body = <EmptyState title="No users found" />;
  else
    body = (
      <div className="table-scroll">
        <table className="data-table data-table--cards" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">User</th>
              <th scope="col" role="columnheader">Email</th>
              <th scope="col" role="columnheader">Role</th>
              <th scope="col" role="columnheader">Status</th>
              <th scope="col" role="columnheader">Actions</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {visible.map((user) => {
              const name = fullName(user);
              return (
                <tr key={user.id} role="row">
                  <th scope="row" role="rowheader">
                    <span className="data-table__person">
                      <Avatar person={user} size="sm" />
                      <span>
                        {name}
                        <SelfBadge user={user} />
                        {user.title || user.company ? (
                          <span className="data-table__sub">{[user.title, user.company].filter(Boolean).join(', ')}</span>
                        ) : null}
                      </span>
                    </span>
                  </th>
                  <td role="cell" data-label="Email" className="data-table__email">{user.email}</td>
                  <td role="cell" data-label="Role">
                    <RoleBadge role={user.role} />
                  </td>
                  <td role="cell" data-label="Status">
                    <ActiveBadge isActive={user.isActive} />
                  </td>
                  <td role="cell">
                    <div className="data-table__actions">
                      <UserRowActions user={user} api={userApi.management} onEdit={onEdit} />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );

  return (
    <>
      <div className="admin-filters">
        <SearchField
          label="Search users"
          placeholder="Search by name or email..."
          value={search}
          onChange={setSearch}
          className="admin-filters__search"
        />
        <Select label="Role" options={ROLE_FILTERS} value={role} onChange={(key) => setRole(key ?? 'all')} />
        <Select label="Status" options={STATUS_FILTERS} value={status} onChange={(key) => setStatus(key ?? 'all')} />
      </div>
      <section className="admin-card" aria-labelledby="user-count-title" aria-busy={users.isFetching || undefined}>
        {/* No count when there is no list to count (a failure, offline). */}
        <h2 id="user-count-title">{users.isError ? 'Users' : `Users (${users.isPending ? '…' : visible.length})`}</h2>
        {body}
      </section>
    </>
  );
}
