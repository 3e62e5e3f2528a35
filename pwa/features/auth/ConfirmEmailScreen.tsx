import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { EMAIL_CONFIRMATION_MESSAGES } from '../../../contracts/email-confirmations';
import { confirmationLinkRefusal } from '../../api/email-confirmations';
import { Button, LinkButton } from '../../components/Button';
import { useConfirmEmail } from './emailConfirmation';
import { LinkOutcome, LinkPage, LinkSkeleton } from './LinkCard';

const confirmRoute = getRouteApi('/confirm-email/$token');

/**
 * /confirm-email/{token} (docs/security.md §13): the page a confirmation mail's link opens. It
 * confirms at once (the link alone proves the mailbox, signed in or not) and says so, or says why
 * the link cannot be used: not valid, already used, or expired (a new one is asked for from the
 * notice on the profile and notification settings).
 */
export function ConfirmEmailScreen() {
  const { token } = confirmRoute.useParams();
  const confirm = useConfirmEmail();
  // Once per token: a second POST of a used link would turn "confirmed" into "already used".
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    confirm.mutate(token);
  }, [token, confirm]);

  let body;
  if (confirm.isSuccess) body = <Confirmed email={confirm.data.email} />;
  else if (confirm.isError) {
    const refusal = confirmationLinkRefusal(confirm.error);
    body =
      refusal === undefined ? (
        <Unavailable message="The link could not be checked. Check your connection and try again." retry={() => confirm.mutate(token)} />
      ) : (
        <Unavailable message={refusal} />
      );
  } else body = <Confirming />;

  return <LinkPage titleId="confirm-title">{body}</LinkPage>;
}

function Confirmed({ email }: { email: string }) {
  return (
    <LinkOutcome
      titleId="confirm-title"
      title="Email address confirmed"
      message={EMAIL_CONFIRMATION_MESSAGES.confirmed}
      actions={
        <>
          <LinkButton to="/notifications/settings">Notification settings</LinkButton>
          <LinkButton to="/" variant="ghost">
            Go to the home page
          </LinkButton>
        </>
      }
    >
      <p>
        Notifications you choose to get by email now go to <strong className="confirm-email__address">{email}</strong>.
      </p>
    </LinkOutcome>
  );
}

function Unavailable({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <LinkOutcome
      titleId="confirm-title"
      title="Confirmation link unavailable"
      message={message}
      refused
      actions={
        <>
          {retry ? <Button onPress={retry}>Try again</Button> : <LinkButton to="/profile">Go to your profile</LinkButton>}
          <LinkButton to="/" variant="ghost">
            Go to the home page
          </LinkButton>
        </>
      }
    />
  );
}

function Confirming() {
  return <LinkSkeleton titleId="confirm-title" title="Confirming your email address" label="Confirming your email address" fields={1} />;
}
