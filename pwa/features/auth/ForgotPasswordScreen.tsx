import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { PASSWORD_RESET_MESSAGES, PasswordResetRequestInput } from '../../../contracts/auth';
import { siteQueries } from '../../api/site';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/TextField';
import { bind, useEntityForm } from '../../lib/entityForm';
import { useRequestPasswordReset } from './mutations';
import './auth.css';

/**
 * /forgot-password: a member who forgot their password asks for a link by email. The
 * answer is the same for every address (the server's message), so the screen never tells whether
 * an account exists. Where the site cannot send mail, it says whom to ask instead.
 */
export function ForgotPasswordScreen() {
  const { data: site } = useQuery(siteQueries.info());
  const [sent, setSent] = useState<string>();

  let body;
  // Only a site that says so has mail off: an answer kept from before `mailEnabled` existed has none.
  if (site?.mailEnabled === false) body = <MailUnavailable contactEmail={site.contactEmail} />;
  else if (sent !== undefined) body = <LinkSent message={sent} />;
  else body = <RequestForm onSent={setSent} />;

  return (
    <div className="auth-page">
      <Card as="section" className="auth-card" aria-labelledby="forgot-title">
        {body}
        <div className="auth-card__footer">
          <LinkButton to="/login" variant="ghost">
            Back to Sign In
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}

function RequestForm({ onSent }: { onSent: (message: string) => void }) {
  const request = useRequestPasswordReset();
  const { form, formProps, isSubmitting } = useEntityForm({
    defaultValues: { email: '' },
    schema: PasswordResetRequestInput,
    onSubmit: async (input) => onSent((await request.mutateAsync(input)).message),
  });

  return (
    <>
      <div className="auth-card__header">
        <h1 id="forgot-title">Forgot your password?</h1>
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      </div>
      <Form className="form" {...formProps}>
        <form.Field name="email">
          {(field) => <TextField {...bind(field)} type="email" label="Email" autoComplete="email" placeholder="you@example.com" isRequired />}
        </form.Field>
        <Button type="submit" isPending={isSubmitting} className="auth-card__submit">
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </Form>
    </>
  );
}

/** The same confirmation for every address; focus moves to it, since the form it replaces had focus. */
function LinkSent({ message }: { message: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="auth-card__header">
      <h1 id="forgot-title" ref={heading} tabIndex={-1}>
        Check your email
      </h1>
      <p role="status">{message}</p>
    </div>
  );
}

function MailUnavailable({ contactEmail }: { contactEmail: string }) {
  return (
    <div className="auth-card__header">
      <h1 id="forgot-title">Forgot your password?</h1>
      <p>{PASSWORD_RESET_MESSAGES.unavailable}</p>
      <p className="auth-card__contact">
        Contact the site at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
    </div>
  );
}
