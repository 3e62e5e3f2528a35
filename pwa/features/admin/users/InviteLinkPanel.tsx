import type { InvitationWithLink } from '../../../../contracts/users';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { toast } from '../../../components/Toast';
import { formatDate } from '../../../lib/format';
import { ROLE_LABELS } from '../labels';

/**
 * The one-time invite link just issued, to pass on to the invitee by hand: after "New link", or
 * after inviting where the site cannot send mail (otherwise the invitation is mailed). The server
 * keeps only the token's hash, so this is the only time the link can be seen: lost, it is replaced
 * with "New link" in Pending Invitations.
 */
export function InviteLinkPanel({ invitation }: { invitation: InvitationWithLink }) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(invitation.inviteUrl);
      toast({ title: 'Invite link copied.', description: `Send it to ${invitation.email}.` });
    } catch {
      // Refused or unavailable: the link is selectable in the field above.
      toast({ title: 'Copy the invite link from the field.', description: invitation.inviteUrl, variant: 'destructive' });
    }
  };

  return (
    <section className="invite-link" aria-labelledby={`invite-link-${invitation.id}`}>
      <h3 id={`invite-link-${invitation.id}`}>
        Invite link for {invitation.email} ({ROLE_LABELS[invitation.role]})
      </h3>
      <TextField
        label="Invite link"
        value={invitation.inviteUrl}
        isReadOnly
        description={
          <>
            It works once, until{' '}
            {invitation.expiresAt ? <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time> : null}. It is
            shown only now: if it is lost, create a new link.
          </>
        }
      />
      <Button onPress={() => void copy()}>Copy invite link</Button>
    </section>
  );
}
