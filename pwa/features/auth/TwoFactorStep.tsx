import { useState } from 'react';
import { Form } from 'react-aria-components';
import { RecoveryCodeInput, TwoFactorCodeInput } from '../../../contracts/two-factor';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { bind, useEntityForm } from '../../lib/entityForm';
import { useCompleteSignIn } from './mutations';
import type { User } from '../../../contracts/auth';

/**
 * The login's second step (docs/security.md §14): the password was right, and the member now gives
 * the current code from their authenticator app, or one of their recovery codes. `onSignedIn` runs
 * once signed in; `onExpired` when the password must be given again (after five minutes).
 */
export function TwoFactorStep({ onSignedIn, onExpired, onCancel }: { onSignedIn: (user: User) => Promise<void>; onExpired: (message: string) => void; onCancel: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const complete = useCompleteSignIn(onExpired);
  return (
    <section className="two-factor-step" aria-labelledby="two-factor-step-title">
      <h2 id="two-factor-step-title" className="two-factor-step__title">
        Two-step sign-in
      </h2>
      {useRecovery ? (
        <>
          <p className="two-factor-step__intro">Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.</p>
          <RecoveryForm
            key="recovery"
            onSubmit={async (recoveryCode) => {
              await onSignedIn(await complete.mutateAsync({ recoveryCode }));
            }}
          />
        </>
      ) : (
        <>
          <p className="two-factor-step__intro">Enter the 6-digit code from your authenticator app</p>
          <CodeForm
            key="code"
            onSubmit={async (code) => {
              await onSignedIn(await complete.mutateAsync({ code }));
            }}
          />
        </>
      )}
      <div className="two-factor-step__links">
        <Button variant="ghost" size="sm" onPress={() => setUseRecovery((was) => !was)}>
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </Button>
        <Button variant="ghost" size="sm" onPress={onCancel}>
          Start over
        </Button>
      </div>
    </section>
  );
}

function CodeForm({ onSubmit }: { onSubmit: (code: string) => Promise<void> }) {
  const { form, formProps, isSubmitting } = useEntityForm({
    defaultValues: { code: '' },
    schema: TwoFactorCodeInput,
    onSubmit: (input) => onSubmit(input.code),
  });
  return (
    <Form className="form" {...formProps}>
      <form.Field name="code">
        {(field) => (
          <TextField {...bind(field)} label="Authentication code" inputMode="numeric" autoComplete="one-time-code" autoFocus placeholder="123456" />
        )}
      </form.Field>
      <Button type="submit" isPending={isSubmitting} className="auth-card__submit">
        {isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
    </Form>
  );
}

function RecoveryForm({ onSubmit }: { onSubmit: (recoveryCode: string) => Promise<void> }) {
  const { form, formProps, isSubmitting } = useEntityForm({
    defaultValues: { recoveryCode: '' },
    schema: RecoveryCodeInput,
    onSubmit: (input) => onSubmit(input.recoveryCode),
  });
  return (
    <Form className="form" {...formProps}>
      <form.Field name="recoveryCode">
        {(field) => <TextField {...bind(field)} label="Recovery code" autoComplete="off" autoFocus placeholder="xxxxx-xxxxx" />}
      </form.Field>
      <Button type="submit" isPending={isSubmitting} className="auth-card__submit">
        {isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
    </Form>
  );
}
