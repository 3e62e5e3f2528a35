import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { userApi, userQueries } from '../../api/users';
import { Button } from '../../components/Button';
import { SearchField } from '../../components/SearchField';
import { Select } from '../../components/Select';
import { fullName } from '../../lib/format';
import { matchesSearch } from '../content/listFilters';
import { AdminPage } from './AdminPage';
import { isRole, ROLE_OPTIONS } from './labels';
import { UserFormDialog } from './UserFormDialog';
import { UserTable } from './UserTable';

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
        <UserTable users={users} rows={visible} api={userApi.management} onEdit={onEdit} emptyTitle="No users found" withProfile />
      </section>
    </>
  );
}
