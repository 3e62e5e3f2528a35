import { DataTable } from '../../components/DataTable';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import type { Role } from '../../../contracts/common';
import { InvitationCreateInput, type Invitation, type InvitationCreated, type InvitationWithLink } from '../../../contracts/users';
import { siteQueries } from '../../api/site';
import { userApi, userQueries } from '../../api/users';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { TextField } from '../../components/TextField';
import { formatDate } from '../../lib/format';
import { bind, useEntityForm } from '../../lib/entityForm';
import { RoleBadge } from './badges';
import { ROLE_LABELS } from './labels';
import { RoleSelect, UserFormDialog } from './UserFormDialog';
import { InviteLinkPanel } from './InviteLinkPanel';
import { TableSkeleton } from './TableSkeleton';
import { UserTable } from './UserTable';
import { useInviteUser, useIssueInvitationLink, useResendInvitation, useRevokeInvitation } from './userMutations';
import { LoadFailure } from '../content/LoadFailure';

/** The control panel's Users tab (spec 2): create, invite, the users table and pending invitations. */
export function UsersTab() {
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  // The invitation last made or given a link, shown in the card where it was asked for (invite, or a
  // pending row): that it was mailed, or its one-time link to pass on.
  const [link, setLink] = useState<{ from: 'invite'; invitation: InvitationCreated } | { from: 'pending'; invitation: InvitationWithLink } | null>(null);
  // Only a site that says so has mail off (production without SMTP): invitations then go by hand.
  const { data: site } = useQuery(siteQueries.info());
  const mailEnabled = site?.mailEnabled !== false;
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
          <Button onPress={() => setEditing('new')}>Create User</Button>
        </div>
      </section>

      <InviteUserForm
        mailEnabled={mailEnabled}
        invited={link?.from === 'invite' ? link.invitation : null}
        onInvited={(invitation) => setLink({ from: 'invite', invitation })}
      />
      <UsersTable onEdit={setEditing} />
      <PendingInvitations
        mailEnabled={mailEnabled}
        link={link?.from === 'pending' ? link.invitation : null}
        onLinkIssued={(invitation) => setLink({ from: 'pending', invitation })}
        onLinkEnded={(id) => setLink((current) => (current?.invitation.id === id ? null : current))}
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

function InviteUserForm({
  mailEnabled,
  invited,
  onInvited,
}: {
  mailEnabled: boolean;
  invited: InvitationCreated | null;
  onInvited: (invitation: InvitationCreated) => void;
}) {
  const invite = useInviteUser();
  const { form, formProps } = useEntityForm({
    defaultValues: { email: '', role: 'subscriber' as Role },
    schema: InvitationCreateInput,
    onSubmit: async (input) => {
      const invitation = await invite.mutateAsync(input);
      form.reset();
      onInvited(invitation);
    },
    isHeld: invite.isPending,
  });

  return (
    <section className="admin-card" aria-labelledby="invite-user-title">
      <h2 id="invite-user-title">Invite New User (Alternative)</h2>
      <p>
        {mailEnabled ? 'We email them an invite link.' : 'You get an invite link to send them.'} Whoever opens it can
        create this email's account with this role, once, within 7 days. Signing up without the link gives the
        Subscriber role.
      </p>
      <Form {...formProps} className="form admin-inline-form">
        <form.Field name="email">{(field) => <TextField label="Email" type="email" {...bind(field)} isRequired />}</form.Field>
        <form.Field name="role">
          {(field) => <RoleSelect field={field} />}
        </form.Field>
        <Button type="submit" isPending={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </Form>
      {invited ? invited.mailed ? <InvitationSent invitation={invited} /> : <InviteLinkPanel invitation={invited} /> : null}
    </section>
  );
}

/** Said after inviting where the site mails invitations: to whom, as what, and until when the link works. */
function InvitationSent({ invitation }: { invitation: Invitation }) {
  return (
    <p className="admin-note invite-sent" role="status">
      Invitation sent to <strong>{invitation.email}</strong> ({ROLE_LABELS[invitation.role]}). Its link works until{' '}
      {invitation.expiresAt ? <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time> : null}; if
      it does not arrive, resend it from Pending Invitations.
    </p>
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
  mailEnabled,
  link,
  onLinkIssued,
  onLinkEnded,
}: {
  mailEnabled: boolean;
  link: InvitationWithLink | null;
  onLinkIssued: (invitation: InvitationWithLink) => void;
  /** The invitation's link shown here stopped working (revoked, or replaced by a resent one). */
  onLinkEnded: (id: string) => void;
}) {
  const invitations = useQuery(userQueries.invitations());
  const revoke = useRevokeInvitation();
  const issueLink = useIssueInvitationLink();
  const resend = useResendInvitation();

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
      <DataTable columns={['Email', 'Role', 'Invited', 'Link', 'Actions']}>
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
                {mailEnabled ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    isPending={resend.isPending && resend.variables === invitation.id}
                    onPress={() => resend.mutate(invitation.id, { onSuccess: () => onLinkEnded(invitation.id) })}
                  >
                    {resend.isPending && resend.variables === invitation.id ? 'Resending...' : 'Resend'}
                    <span className="visually-hidden"> invitation to {invitation.email}</span>
                  </Button>
                ) : null}
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
                  onPress={() => revoke.mutate(invitation.id, { onSuccess: () => onLinkEnded(invitation.id) })}
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
      </DataTable>
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
