import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form, type Key } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import type { Role } from '../../../contracts/common';
import { InvitationCreateInput, type Invitation, type InvitationWithLink } from '../../../contracts/users';
import { serverFieldErrors } from '../../api/errors';
import { userApi, userQueries } from '../../api/users.queries';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { formatDate } from '../../lib/format';
import { useFieldErrors, validateWith } from '../../lib/formErrors';
import { RoleBadge } from './badges';
import { isRole, ROLE_LABELS, ROLE_OPTIONS } from './labels';
import { UserFormDialog } from './UserFormDialog';
import { InviteLinkPanel } from './InviteLinkPanel';
import { TableSkeleton } from './TableSkeleton';
import { UserTable } from './UserTable';
import { useInviteUser, useIssueInvitationLink, useRevokeInvitation } from './userMutations';
import { LoadFailure } from '../../offline/LoadFailure';

/** The control panel's Users tab (spec 2): create, invite, the users table and pending invitations. */
export function UsersTab() {
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  // The one-time link last issued, shown in the card where it was asked for (invite, or a pending row).
  const [link, setLink] = useState<{ from: 'invite' | 'pending'; invitation: InvitationWithLink } | null>(null);
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
        <div className="admin-card__header">
          <div>
            <h2 id="create-user-title">Create User</h2>
            <p>Add an account directly, with its role and an initial password.</p>
          </div>
          <Button onPress={() => setEditing('new')}>Create User</Button>
        </div>
      </section>

      <InviteUserForm
        link={link?.from === 'invite' ? link.invitation : null}
        onInvited={(invitation) => setLink({ from: 'invite', invitation })}
      />
      <UsersTable onEdit={setEditing} />
      <PendingInvitations
        link={link?.from === 'pending' ? link.invitation : null}
        onLinkIssued={(invitation) => setLink({ from: 'pending', invitation })}
        onRevoked={(id) => setLink((current) => (current?.invitation.id === id ? null : current))}
      />

      <UserFormDialog
        variant="panel"
        user={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setEditing(null);
        }}
      />
    </div>
  );
}

function InviteUserForm({ link, onInvited }: { link: InvitationWithLink | null; onInvited: (invitation: InvitationWithLink) => void }) {
  const invite = useInviteUser();
  const { errors, setErrors, edit } = useFieldErrors();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('subscriber');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const result = validateWith(InvitationCreateInput, { email, role });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    invite.mutate(result.data, {
      onSuccess: (invitation) => {
        setEmail('');
        setRole('subscriber');
        onInvited(invitation);
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <section className="admin-card" aria-labelledby="invite-user-title">
      <h2 id="invite-user-title">Invite New User (Alternative)</h2>
      <p>
        You get an invite link to send them. Whoever opens it can create this email's account with this role, once,
        within 7 days. Signing up without the link gives the Subscriber role.
      </p>
      <Form className="form admin-inline-form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
        <TextField label="Email" name="email" type="email" value={email} onChange={edit('email', setEmail)} isRequired />
        <Select
          label="Role"
          name="role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={edit('role', (key: Key | null) => {
            if (isRole(key)) setRole(key);
          })}
        />
        <Button type="submit" isPending={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </Form>
      {link ? <InviteLinkPanel invitation={link} /> : null}
    </section>
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

function PendingInvitations({
  link,
  onLinkIssued,
  onRevoked,
}: {
  link: InvitationWithLink | null;
  onLinkIssued: (invitation: InvitationWithLink) => void;
  onRevoked: (id: string) => void;
}) {
  const invitations = useQuery(userQueries.invitations());
  const revoke = useRevokeInvitation();
  const issueLink = useIssueInvitationLink();

  let body;
  if (invitations.isPending) body = <TableSkeleton label="Loading invitations" />;
  else if (invitations.isError)
    body = (
      <LoadFailure
        what="admin"
        error={invitations.error}
        title="Invitations could not be loaded."
        retry={() => void invitations.refetch()}
      />
    );
  else if (invitations.data.length === 0) body = <EmptyState title="No pending invitations." />;
  else
    body = (
      <div className="table-scroll">
        <table className="data-table data-table--cards" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">Email</th>
              <th scope="col" role="columnheader">Role</th>
              <th scope="col" role="columnheader">Invited</th>
              <th scope="col" role="columnheader">Link</th>
              <th scope="col" role="columnheader">Actions</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {invitations.data.map((invitation) => (
              <tr key={invitation.id} role="row">
                <th scope="row" role="rowheader">{invitation.email}</th>
                <td role="cell" data-label="Role">
                  <RoleBadge role={invitation.role} />
                </td>
                <td role="cell" data-label="Invited">
                  <time dateTime={invitation.createdAt}>{formatDate(invitation.createdAt)}</time>
                </td>
                <td role="cell" data-label="Link">
                  <LinkExpiry invitation={invitation} />
                </td>
                <td role="cell">
                  <div className="data-table__actions">
                    <Button
                      variant="secondary"
                      size="sm"
                      isPending={issueLink.isPending && issueLink.variables === invitation.id}
                      onPress={() => issueLink.mutate(invitation.id, { onSuccess: onLinkIssued })}
                    >
                      {issueLink.isPending && issueLink.variables === invitation.id ? 'Creating...' : 'New link'}
                      <span className="visually-hidden"> for {invitation.email}</span>
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      isPending={revoke.isPending && revoke.variables === invitation.id}
                      onPress={() => revoke.mutate(invitation.id, { onSuccess: () => onRevoked(invitation.id) })}
                    >
                      {revoke.isPending && revoke.variables === invitation.id ? 'Revoking...' : 'Revoke'}
                      <span className="visually-hidden">
                        {' '}
                        invitation for {invitation.email} ({ROLE_LABELS[invitation.role]})
                      </span>
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="admin-card" aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title">Pending Invitations</h2>
      {link ? <InviteLinkPanel invitation={link} /> : null}
      {body}
    </section>
  );
}

/** When the invitation's link stops working, or that it already has (a new link is then needed). */
function LinkExpiry({ invitation }: { invitation: Invitation }) {
  if (!invitation.expiresAt) return <Badge tone="amber">No link</Badge>;
  if (invitation.linkExpired)
    return (
      <span className="invite-expiry">
        <Badge tone="amber">Expired</Badge> <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
      </span>
    );
  return (
    <span className="invite-expiry">
      Expires <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
    </span>
  );
}
