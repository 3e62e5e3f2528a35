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
import { DeleteUserDialog } from './DeleteUserDialog';
import { isRole, ROLE_OPTIONS } from './labels';
import { TableSkeleton } from './UsersTab';
import { UserFormDialog } from './UserFormDialog';

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
  const [deleting, setDeleting] = useState<User | null>(null);
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
      <EmptyState
        title="Users could not be loaded."
        action={
          <Button variant="secondary" onPress={() => void users.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else if (visible.length === 0) body = <EmptyState title="No users found" />;
  else
    body = (
      <div className="table-scroll">
        <table className="data-table data-table--cards">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((user) => {
              const name = fullName(user);
              return (
                <tr key={user.id}>
                  <th scope="row">
                    <span className="data-table__person">
                      <Avatar person={user} size="sm" />
                      <span>
                        {name}
                        {user.title || user.company ? (
                          <span className="data-table__sub">{[user.title, user.company].filter(Boolean).join(', ')}</span>
                        ) : null}
                      </span>
                    </span>
                  </th>
                  <td data-label="Email" className="data-table__email">{user.email}</td>
                  <td data-label="Role">
                    <RoleBadge role={user.role} />
                  </td>
                  <td data-label="Status">
                    <ActiveBadge isActive={user.isActive} />
                  </td>
                  <td>
                    <div className="data-table__actions">
                      <Button variant="secondary" size="sm" onPress={() => onEdit(user)}>
                        Edit<span className="visually-hidden"> {name}</span>
                      </Button>
                      <Button variant="destructive" size="sm" onPress={() => setDeleting(user)}>
                        Delete<span className="visually-hidden"> {name}</span>
                      </Button>
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
        <h2 id="user-count-title">Users ({users.isPending ? '…' : visible.length})</h2>
        {body}
      </section>
      <DeleteUserDialog user={deleting} api={userApi.management} onClose={() => setDeleting(null)} />
    </>
  );
}
