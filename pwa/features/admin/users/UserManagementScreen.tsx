import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import type { User } from '../../../../contracts/auth';
import { userApi, userQueries } from '../../../api/users';
import { SearchField } from '../../../components/SearchField';
import { Select } from '../../../components/Select';
import { fullName } from '../../../lib/format';
import { matchesSearch } from '../../content';
import { AdminListPage } from '../AdminPage';
import { isRole, ROLE_OPTIONS } from '../labels';
import { UserFormDialog } from './UserFormDialog';
import { ACTIVITY_COLUMNS, UserTable } from './UserTable';
import { Invitations } from './Invitations';
import type { UserSort } from '../../../../contracts/users';
import type { DataTableSort, SortDirection } from '../../../components/DataTable';

/** The table's sortable headers and their sort keys (GET /api/admin/users?sort=). */
const SORTABLE: Record<string, UserSort> = {
  User: 'name',
  [ACTIVITY_COLUMNS[0]]: 'joined',
  [ACTIVITY_COLUMNS[1]]: 'lastSeen',
  [ACTIVITY_COLUMNS[2]]: 'posts',
  [ACTIVITY_COLUMNS[3]]: 'comments',
};

const ROLE_FILTERS = [{ id: 'all', label: 'All roles' }, ...ROLE_OPTIONS];
const STATUS_FILTERS = [
  { id: 'all', label: 'All statuses' },
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
];

/** /admin/users (spec 2, User management; admins). */
export function UserManagementScreen() {
  return (
    <AdminListPage<User> title="User Management" description="Find, add, edit and remove user accounts." addLabel="Add User">
      {({ edit, dialog: { item, ...dialog } }) => (
        <>
          <UserList onEdit={edit} />
          <Invitations />
          <UserFormDialog variant="management" user={item} {...dialog} />
        </>
      )}
    </AdminListPage>
  );
}

function UserList({ onEdit }: { onEdit: (user: User) => void }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Key>('all');
  const [status, setStatus] = useState<Key>('all');
  // Newest members first, as before the columns were sortable.
  const [order, setOrder] = useState<{ column: UserSort; direction: SortDirection }>({ column: 'joined', direction: 'descending' });
  // Role, status and the sort on the server (GET /api/admin/users?role=&active=&sort=&order=); the text search runs here (spec 5).
  const users = useQuery(
    userQueries.adminList({
      role: isRole(role) ? role : null,
      active: status === 'all' ? null : status === 'active',
      sort: order.column,
      order: order.direction === 'ascending' ? 'asc' : 'desc',
    }),
  );
  const sort: DataTableSort = {
    columns: SORTABLE,
    column: order.column,
    direction: order.direction,
    onSortChange: (column, direction) => setOrder({ column: column as UserSort, direction }),
    // Names A to Z; times and counts with the newest or most first.
    firstDirection: (column) => (column === 'name' ? 'ascending' : 'descending'),
  };
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
        <UserTable users={users} rows={visible} api={userApi.management} onEdit={onEdit} emptyTitle="No users found" withProfile withActivity sort={sort} />
      </section>
    </>
  );
}
