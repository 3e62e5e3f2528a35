import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEditing } from '../AdminPage';
import type { User } from '../../../../contracts/auth';
import { userApi, userQueries } from '../../../api/users';
import { Button } from '../../../components/Button';
import { UserFormDialog } from './UserFormDialog';
import { UserTable } from './UserTable';

/**
 * The control panel's Users tab (spec 2): create and the users table. Invitations live in one
 * place, User Management (/admin/users, "Invitations"); this tab links there.
 */
export function UsersTab() {
  const { edit, startNew, dialog } = useEditing<User>();
  return (
    <div className="admin-stack">
      <div className="admin-note" role="note">
        <p>
          <strong>Passwords:</strong> people sign in with their email address and a password. Set an initial password
          when you create a user and share it with them securely; they cannot change it here. To set a new one later,
          edit the user.
        </p>
      </div>

      <section className="admin-card" aria-labelledby="create-user-title">
        <div className="split-row admin-card__header">
          <div>
            <h2 id="create-user-title">Create User</h2>
            <p>Add an account directly, with its role and an initial password.</p>
          </div>
          <Button onPress={startNew}>Create User</Button>
        </div>
      </section>

      <section className="admin-card" aria-labelledby="invitations-link-title">
        <h2 id="invitations-link-title">Invitations</h2>
        <p>
          Invite people and manage pending invitations on <Link to="/admin/users" hash="invitations-title">User Management</Link>.
        </p>
      </section>

      <UsersTable onEdit={edit} />

      <UserFormDialog variant="panel" user={dialog.item} isOpen={dialog.isOpen} onOpenChange={dialog.onOpenChange} />
    </div>
  );
}

function UsersTable({ onEdit }: { onEdit: (user: User) => void }) {
  const users = useQuery(userQueries.list());
  return (
    <section className="admin-card" aria-labelledby="current-users-title">
      <h2 id="current-users-title">Current Users</h2>
      <UserTable users={users} rows={users.data} api={userApi.panel} onEdit={onEdit} emptyTitle="No users found." />
    </section>
  );
}
