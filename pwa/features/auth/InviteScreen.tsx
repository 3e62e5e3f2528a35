import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { InvitationAcceptInput } from '../../../contracts/auth';
import type { InvitationPreview } from '../../../contracts/users';
import { ApiError } from '../../lib/errors';
import { serverMessage } from '../../lib/errors';
import { invitationQueries } from '../../api/invitations';
import { Button, LinkButton } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { formatDate } from '../../lib/format';
import { bind, useEntityForm } from '../../lib/entityForm';
import { ROLE_LABELS } from '../admin';
import { useSiteName } from '../site';
import { LinkPage, LinkSkeleton } from './LinkCard';
import { useAcceptInvitation } from './mutations';
import { NewPasswordField } from './NewPasswordField';
import './auth.css';

const inviteRoute = getRouteApi('/invite/$token');

/**
 * /invite/{token}: the page an invite link opens. It shows whom the link invites and as what, and
 * creates that account (the invited email, read-only) with the invitee's name and password; the
 * role comes from the invitation, never from this form. A link that cannot be used says why.
 */
export function InviteScreen() {
  const { token } = inviteRoute.useParams();
  const invitation = useQuery(invitationQueries.preview(token));
  const [refusal, setRefusal] = useState<string>();

  let body;
  if (refusal !== undefined) body = <Refused message={refusal} />;
  else if (invitation.isPending) body = <InviteSkeleton />;
  else if (invitation.isError) body = <Refused message={refusalMessage(invitation.error)} />;
  else body = <AcceptForm token={token} invitation={invitation.data} onRefused={setRefusal} />;

  return <LinkPage titleId="invite-title">{body}</LinkPage>;
}

function refusalMessage(error: unknown): string {
  if (error instanceof ApiError) return serverMessage(error, 'This invitation link is not valid');
  return 'The invitation could not be loaded. Check your connection and open the link again.';
}

function Refused({ message }: { message: string }) {
  return (
    <>
      <div className="auth-card__header">
        <h1 id="invite-title">Invitation unavailable</h1>
        <p role="alert">{message}</p>
      </div>
      <p className="invite-note">If you already have an account, sign in. Otherwise ask an administrator for a new invitation link.</p>
      <div className="auth-card__footer">
        <LinkButton to="/login">Go to Sign In</LinkButton>
      </div>
    </>
  );
}

function InviteSkeleton() {
  return <LinkSkeleton titleId="invite-title" title="Invitation" label="Loading invitation" fields={3} />;
}

function AcceptForm({ token, invitation, onRefused }: { token: string; invitation: InvitationPreview; onRefused: (message: string) => void }) {
  const siteName = useSiteName();
  const navigate = useNavigate();
  const role = ROLE_LABELS[invitation.role];
  const accept = useAcceptInvitation(token, onRefused);
  const { form, formProps, isSubmitting } = useEntityForm({
    defaultValues: { firstName: '', lastName: '', password: '' },
    schema: InvitationAcceptInput,
    onSubmit: async (input) => {
      await accept.mutateAsync(input);
      toast({ title: 'Registration Successful', description: `Welcome to ${siteName} community!` });
      await navigate({ to: '/' });
    },
  });

  return (
    <>
      <div className="auth-card__header">
        <h1 id="invite-title">
          You've been invited to join {siteName} as {role}
        </h1>
        <p>
          Create your account to accept. This invitation expires on{' '}
          <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>.
        </p>
      </div>
      <Form className="form" {...formProps}>
        <TextField label="Email" name="email" type="email" value={invitation.email} isReadOnly autoComplete="username" />
        <div className="form__row">
          <form.Field name="firstName">
            {(field) => <TextField label="First name" {...bind(field)} autoComplete="given-name" isRequired />}
          </form.Field>
          <form.Field name="lastName">
            {(field) => <TextField label="Last name" {...bind(field)} autoComplete="family-name" isRequired />}
          </form.Field>
        </div>
        <form.Field name="password">
          {(field) => <NewPasswordField label="Password" {...bind(field)} isRequired />}
        </form.Field>
        <Button type="submit" isPending={isSubmitting} className="auth-card__submit">
          {isSubmitting ? 'Creating Account...' : 'Accept Invitation'}
        </Button>
      </Form>
    </>
  );
}
