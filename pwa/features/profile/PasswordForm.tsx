import { Form } from 'react-aria-components';
import { PasswordChangeInput } from '../../../contracts/profile';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { bind, useEntityForm } from '../../lib/entityForm';
import { NewPasswordField } from '../auth';
import { useChangePassword } from './mutations';
import { ProfileCard } from './ProfileCard';

/**
 * Change password: the current one (the server checks it: a wrong one shows under its field), the
 * new one under the registration rules, and its confirmation. Every other device is signed out;
 * this one stays signed in.
 */
export function PasswordForm({ email, online }: { email: string; online: boolean }) {
  const change = useChangePassword();
  const { form, formProps } = useEntityForm({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema: PasswordChangeInput,
    onSubmit: async (input) => {
      await change.mutateAsync(input);
      form.reset();
    },
    isHeld: change.isPending,
  });

  return (
    <ProfileCard id="profile-password-title" title="Change Password">
      <p className="profile-card__intro">Changing it signs you out on every other device.</p>
      <Form className="form" {...formProps}>
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <form.Field name="currentPassword">
          {(field) => <TextField label="Current Password" {...bind(field)} type="password" autoComplete="current-password" isRequired />}
        </form.Field>
        <div className="form__row">
          <form.Field name="newPassword">
            {(field) => <NewPasswordField label="New Password" {...bind(field)} isRequired />}
          </form.Field>
          <form.Field name="confirmPassword">
            {(field) => <TextField label="Confirm New Password" {...bind(field)} type="password" autoComplete="new-password" isRequired />}
          </form.Field>
        </div>
        <div className="profile-card__actions">
          <Button type="submit" isPending={change.isPending} isDisabled={!online}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
          {online ? null : <span className="profile-card__hint">Changing your password needs a connection.</span>}
        </div>
      </Form>
    </ProfileCard>
  );
}
