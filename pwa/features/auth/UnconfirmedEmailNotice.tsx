import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../contracts/auth';
import { EMAIL_CONFIRMATION_MESSAGES } from '../../../contracts/email-confirmations';
import { siteQueries } from '../../api/site';
import { Button } from '../../components/Button';
import { useOnline } from '../../offline/useOnline';
import { useResendConfirmation } from './emailConfirmation';
import './auth.css';

/**
 * For a signed-in member whose address is unconfirmed (docs/security.md §13), where the site sends
 * mail: nothing is mailed to them until they use the link, so say so and offer a new link. Shown on
 * the profile and the notification settings (where email delivery is chosen).
 */
export function UnconfirmedEmailNotice({ user }: { user: Pick<User, 'email' | 'emailConfirmed'> | null | undefined }) {
  const { data: site } = useQuery(siteQueries.info());
  const resend = useResendConfirmation();
  const online = useOnline();
  // An older record kept on the device may lack the field: only a plain `false` means unconfirmed.
  if (!user || user.emailConfirmed !== false || site?.mailEnabled === false) return null;
  return (
    <section className="notice-panel email-confirm-notice" aria-labelledby="email-confirm-notice-title">
      <h2 id="email-confirm-notice-title" className="email-confirm-notice__title">
        {EMAIL_CONFIRMATION_MESSAGES.notice}
      </h2>
      <p>
        We sent a confirmation link to <strong className="email-confirm-notice__address">{user.email}</strong>. Until you open it, your
        notifications show in the app only.
      </p>
      <Button variant="secondary" size="sm" isDisabled={!online} isPending={resend.isPending} onPress={() => resend.mutate()}>
        {resend.isPending ? 'Sending...' : 'Resend confirmation email'}
      </Button>
    </section>
  );
}
