import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { PasswordChangeInput } from '../../../contracts/profile';
import { ApiError } from '../../api/client';
import { serverFieldErrors } from '../../api/errors';
import { useChangePassword } from '../../api/profile.queries';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { focusFirstInvalid, useFieldErrors, validateWith } from '../../lib/formErrors';
import { saveFailure } from './saveFailure';

/**
 * Change password: the current one (the server checks it: a wrong one shows under its field), the
 * new one under the registration rules, and its confirmation. Every other device is signed out;
 * this one stays signed in.
 */
export function PasswordForm({ email, online }: { email: string; online: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, edit } = useFieldErrors();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const change = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const result = validateWith(PasswordChangeInput, { currentPassword, newPassword, confirmPassword });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(form.current);
      return;
    }
    setErrors({});
    change.mutate(result.data, {
      onSuccess: ({ endedSessions }) => {
        setCurrent('');
        setNew('');
        setConfirm('');
        toast({
          title: 'Password changed',
          description:
            endedSessions === 0
              ? 'You were not signed in anywhere else.'
              : `Signed out on ${endedSessions} other ${endedSessions === 1 ? 'device' : 'devices'}. You stay signed in here.`,
        });
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        focusFirstInvalid(form.current);
        // A wrong current password is said under its field; anything else (too many tries, offline) in a toast.
        if (!(error instanceof ApiError && error.status === 422)) toast(saveFailure(error, 'Failed to change your password. Please try again.'));
      },
    });
  };

  return (
    <Card as="section" className="profile-card" aria-labelledby="profile-password-title">
      <div className="card__body">
        <h2 id="profile-password-title" className="profile-card__title">
          Change Password
        </h2>
        <p className="profile-card__intro">Changing it signs you out on every other device.</p>
        <Form ref={form} className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
          {/* For password managers: which account this password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <TextField
            label="Current Password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={edit('currentPassword', setCurrent)}
            isRequired
          />
          <div className="form__row">
            <TextField
              label="New Password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={edit('newPassword', setNew)}
              description="At least 6 characters."
              isRequired
            />
            <TextField
              label="Confirm New Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={edit('confirmPassword', setConfirm)}
              isRequired
            />
          </div>
          <div className="profile-card__actions">
            <Button type="submit" isPending={change.isPending} isDisabled={!online}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
            {online ? null : <span className="profile-card__hint">Changing your password needs a connection.</span>}
          </div>
        </Form>
      </div>
    </Card>
  );
}
