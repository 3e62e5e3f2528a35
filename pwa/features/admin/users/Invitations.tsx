import { DataTable } from '../../../components/DataTable';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import type { Role } from '../../../../contracts/common';
import { InvitationCreateInput, type Invitation, type InvitationCreated, type InvitationWithLink } from '../../../../contracts/users';
import { siteQueries } from '../../../api/site';
import { userQueries } from '../../../api/users';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { TextField } from '../../../components/TextField';
import { formatDate } from '../../../lib/format';
import { bind, useEntityForm } from '../../../lib/entityForm';
import { RoleBadge } from './badges';
import { ROLE_LABELS } from '../labels';
import { RoleSelect } from './UserFormDialog';
import { InviteLinkPanel } from './InviteLinkPanel';
import { TableSkeleton } from '../TableSkeleton';
import { useInviteUser, useIssueInvitationLink, useResendInvitation, useRevokeInvitation } from './userMutations';
import { LoadFailure } from '../../content';

/**
 * Invitations, in one place (User Management): the invite form and the pending
 * invitations under one plain heading.
 */
export function Invitations() {
  // The invitation last made or given a link, shown in the card where it was asked for (invite, or a
  // pending row): that it was mailed, or its one-time link to pass on.
  const [link, setLink] = useState<{ from: 'invite'; invitation: InvitationCreated } | { from: 'pending'; invitation: InvitationWithLink } | null>(null);
  // Only a site that says so has mail off (production without SMTP): invitations then go by hand.
  const { data: site } = useQuery(siteQueries.info());
  const mailEnabled = site?.mailEnabled !== false;
  return (
    <section className="admin-card" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      <InviteUserForm
        mailEnabled={mailEnabled}
        invited={link?.from === 'invite' ? link.invitation : null}
        onInvited={(invitation) => setLink({ from: 'invite', invitation })}
      />
      <PendingInvitations
        mailEnabled={mailEnabled}
        link={link?.from === 'pending' ? link.invitation : null}
        onLinkIssued={(invitation) => setLink({ from: 'pending', invitation })}
        onLinkEnded={(id) => setLink((current) => (current?.invitation.id === id ? null : current))}
      />
    </section>
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
    <section className="invitations__invite" aria-labelledby="invite-user-title">
      <h3 id="invite-user-title">Invite someone</h3>
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
    <section className="invitations__pending" aria-labelledby="pending-invitations-title">
      <h3 id="pending-invitations-title">Pending Invitations</h3>
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
