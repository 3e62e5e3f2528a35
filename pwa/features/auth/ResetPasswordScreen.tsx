import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { PASSWORD_RESET_MESSAGES, PasswordResetConfirmInput } from '../../../contracts/auth';
import { passwordResetQueries, resetLinkRefusal } from '../../api/password-resets';
import { Button, LinkButton } from '../../components/Button';
import { toast } from '../../components/Toast';
import { bind, useEntityForm } from '../../lib/entityForm';
import { needsSecondStep } from '../../api/two-factor';
import { useConfirmPasswordReset } from './mutations';
import { LinkOutcome, LinkPage, LinkSkeleton } from './LinkCard';
import { NewPasswordField } from './NewPasswordField';
import './auth.css';

const resetRoute = getRouteApi('/reset-password');

/**
 * /reset-password?token=…: the page a reset mail's link opens. It checks the link first
 * and then offers the new password, or says why the link cannot be used (invalid, used, expired)
 * with a way to ask for another. Setting the password signs this browser in (the server ends every
 * other session of the member).
 */
export function ResetPasswordScreen() {
  const { token } = resetRoute.useSearch();
  return (
    <LinkPage titleId="reset-title">
      {token ? <CheckedLink token={token} /> : <Refused message={PASSWORD_RESET_MESSAGES.invalid} />}
    </LinkPage>
  );
}

function CheckedLink({ token }: { token: string }) {
  const link = useQuery(passwordResetQueries.link(token));
  // Set when the link is refused on submit (used in another tab, or ended by a newer link's use).
  const [refusal, setRefusal] = useState<string>();

  if (refusal !== undefined) return <Refused message={refusal} />;
  if (link.isPending) return <LinkCheckSkeleton />;
  if (link.isError) return <Refused message={refusalMessage(link.error)} />;
  return <NewPasswordForm token={token} onRefused={setRefusal} />;
}

function refusalMessage(error: unknown): string {
  return resetLinkRefusal(error) ?? 'The reset link could not be checked. Check your connection and open the link again.';
}

function Refused({ message }: { message: string }) {
  return (
    <LinkOutcome
      titleId="reset-title"
      title="Reset link unavailable"
      message={message}
      refused
      actions={
        <>
          <LinkButton to="/forgot-password">Request a new link</LinkButton>
          <LinkButton to="/login" variant="ghost">
            Back to Sign In
          </LinkButton>
        </>
      }
    />
  );
}

function LinkCheckSkeleton() {
  return <LinkSkeleton titleId="reset-title" title="Choose a new password" label="Checking the reset link" fields={2} />;
}

function NewPasswordForm({ token, onRefused }: { token: string; onRefused: (message: string) => void }) {
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset(onRefused);
  const { form, formProps, isSubmitting } = useEntityForm({
    defaultValues: { password: '' },
    schema: PasswordResetConfirmInput,
    toInput: ({ password }) => ({ token, password }),
    onSubmit: async (input) => {
      const answer = await confirm.mutateAsync(input);
      if (needsSecondStep(answer)) {
        toast({ title: 'Password Changed', description: 'Your new password is set. Enter a code from your authenticator app to sign in.' });
        // Replaced: Back should not return to a link that is now used.
        await navigate({ to: '/login', search: { step: 'two-factor' }, replace: true });
        return;
      }
      toast({ title: 'Password Changed', description: 'Your new password is set and you are signed in.' });
      await navigate({ to: '/', replace: true });
    },
  });

  return (
    <>
      <div className="auth-card__header">
        <h1 id="reset-title">Choose a new password</h1>
        <p>Your new password replaces the old one, and every device signed in to your account is signed out.</p>
      </div>
      <Form className="form" {...formProps}>
        <form.Field name="password">
          {(field) => <NewPasswordField {...bind(field)} label="New password" isRequired />}
        </form.Field>
        <Button type="submit" isPending={isSubmitting} className="auth-card__submit">
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </Form>
    </>
  );
}
