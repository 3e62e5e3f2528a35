import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { InvitationAcceptInput, type User } from '../../../contracts/auth';
import type { InvitationPreview } from '../../../contracts/users';
import { ApiError } from '../../api/client';
import { serverFieldErrors, serverMessage } from '../../api/errors';
import { acceptInvitation, invitationQueries } from '../../api/invitations.queries';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { formatDate } from '../../lib/format';
import { focusFirstInvalid, useFieldErrors, validateWith } from '../../lib/formErrors';
import { ROLE_LABELS } from '../admin/labels';
import { useSiteName } from '../site/useSiteName';
import { startSession } from './session';
import './auth.css';

const inviteRoute = getRouteApi('/invite/$token');

/** Answers that mean the link cannot be used (unknown, used, revoked, expired, or the address has an account). */
const REFUSED = new Set([404, 409, 410]);

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

  return (
    <div className="auth-page">
      <Card as="section" className="auth-card" aria-labelledby="invite-title">
        {body}
      </Card>
    </div>
  );
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
  return (
    <>
      <h1 id="invite-title" className="visually-hidden">
        Invitation
      </h1>
      <SkeletonGroup label="Loading invitation">
        <Skeleton width="80%" height="2rem" />
        <Skeleton width="100%" height="2.5rem" />
        <Skeleton width="100%" height="2.5rem" />
        <Skeleton width="100%" height="2.5rem" />
      </SkeletonGroup>
    </>
  );
}

function AcceptForm({ token, invitation, onRefused }: { token: string; invitation: InvitationPreview; onRefused: (message: string) => void }) {
  const siteName = useSiteName();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, edit } = useFieldErrors();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const role = ROLE_LABELS[invitation.role];

  const accept = useMutation({
    mutationFn: (input: InvitationAcceptInput) => acceptInvitation(token, input),
    onSuccess: async (user: User) => {
      await startSession(queryClient, user);
      toast({ title: 'Registration Successful', description: `Welcome to ${siteName} community!` });
      await navigate({ to: '/' });
    },
    onError: (error) => {
      // The link was used, revoked or expired meanwhile: say so instead of the form.
      if (error instanceof ApiError && REFUSED.has(error.status)) return onRefused(serverMessage(error, 'This invitation link is not valid'));
      setErrors(serverFieldErrors(error));
      focusFirstInvalid(form.current);
      toast({ title: 'Registration Failed', description: serverMessage(error, 'Failed to create account'), variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    const result = validateWith(InvitationAcceptInput, { firstName, lastName, password });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(form.current);
      return;
    }
    setErrors({});
    accept.mutate(result.data);
  };

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
      <Form ref={form} className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
        <TextField label="Email" name="email" type="email" value={invitation.email} isReadOnly autoComplete="username" />
        <div className="form__row">
          <TextField label="First name" name="firstName" value={firstName} onChange={edit('firstName', setFirstName)} autoComplete="given-name" isRequired />
          <TextField label="Last name" name="lastName" value={lastName} onChange={edit('lastName', setLastName)} autoComplete="family-name" isRequired />
        </div>
        <TextField
          label="Password"
          name="password"
          type="password"
          value={password}
          onChange={edit('password', setPassword)}
          autoComplete="new-password"
          description="At least 6 characters."
          isRequired
        />
        <Button type="submit" isPending={accept.isPending} className="auth-card__submit">
          {accept.isPending ? 'Creating Account...' : 'Accept Invitation'}
        </Button>
      </Form>
    </>
  );
}
