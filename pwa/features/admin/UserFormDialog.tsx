import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form, type Key } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import type { Role } from '../../../contracts/common';
import { UserCreateInput, UserUpdateInput } from '../../../contracts/users';
import { serverFieldErrors } from '../../api/errors';
import { userApi, type UserCreateFields, type UserUpdateFields } from '../../api/users.queries';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Dialog } from '../../components/Dialog';
import { FileField } from '../../components/FileField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { errorToast, toast } from '../../components/Toast';
import { firstError, useFieldErrors, validateWith } from '../../lib/formErrors';
import { isRole, ROLE_OPTIONS } from './labels';
import { usersChanged } from './userMutations';

/**
 * 'panel': the control panel's Users tab (/api/users/*): job title, company, bio, 'User can access
 * the platform' and a profile image. 'management': the User Management screen (/api/admin/users*):
 * a status choice and optional title and company (spec 2).
 */
export type UserFormVariant = 'panel' | 'management';

export interface UserFormDialogProps {
  variant: UserFormVariant;
  /** The user to edit; null creates one. */
  user: User | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export function UserFormDialog({ variant, user, isOpen, onOpenChange }: UserFormDialogProps) {
  let title = user ? 'Edit User' : 'Create User';
  if (!user && variant === 'management') title = 'Add User';
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} size="lg" isDismissable={false}>
      {(close) => <UserForm variant={variant} user={user} onDone={close} />}
    </Dialog>
  );
}

const STATUS_OPTIONS = [
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
] as const;

const FAILURES: Record<UserFormVariant, { create: string; update: string }> = {
  panel: { create: 'Failed to create user. Please try again.', update: 'Failed to update user.' },
  management: { create: 'Failed to create user.', update: 'Failed to update user.' },
};

function UserForm({ variant, user, onDone }: { variant: UserFormVariant; user: User | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const api = userApi[variant];
  const { errors, setErrors, edit } = useFieldErrors();
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>(user?.role ?? 'subscriber');
  const [isActive, setActive] = useState(user?.isActive ?? true);
  const [title, setTitle] = useState(user?.title ?? '');
  const [company, setCompany] = useState(user?.company ?? '');
  const [bio, setBio] = useState(user?.bio ?? '');
  const [profileImageUrl, setProfileImageUrl] = useState<string | null>(user?.profileImageUrl ?? null);
  const [isUploading, setUploading] = useState(false);

  const save = useMutation({
    mutationFn: (input: UserCreateFields | UserUpdateFields) =>
      user ? api.update(user.id, input) : api.create(input as UserCreateFields),
    onSuccess: async () => {
      toast({ title: user ? 'User updated successfully!' : 'User created successfully!' });
      onDone();
      await usersChanged(queryClient);
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      errorToast(error, user ? FAILURES[variant].update : FAILURES[variant].create);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || isUploading) return;
    const fields = {
      firstName,
      lastName,
      email,
      password,
      role,
      isActive,
      title,
      company,
      ...(variant === 'panel' ? { bio, profileImageUrl } : {}),
    };
    const result = user ? validateWith(UserUpdateInput, fields) : validateWith(UserCreateInput, fields);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.data);
  };

  let submitLabel = user ? 'Save Changes' : 'Create User';
  if (save.isPending) submitLabel = user ? 'Saving...' : 'Creating...';

  return (
    <Form className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <div className="form__row">
        <TextField label="First Name" name="firstName" value={firstName} onChange={edit('firstName', setFirstName)} isRequired autoFocus />
        <TextField label="Last Name" name="lastName" value={lastName} onChange={edit('lastName', setLastName)} isRequired />
      </div>
      <TextField label="Email" name="email" type="email" value={email} onChange={edit('email', setEmail)} isRequired />
      <TextField
        label={user ? 'New Password (Optional)' : 'Password'}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={edit('password', setPassword)}
        isRequired={!user}
        description={user ? 'Leave blank to keep the current password.' : 'At least 6 characters. Share it with the user securely.'}
      />
      <div className="form__row">
        <Select
          label="Role"
          name="role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={edit('role', (key: Key | null) => {
            if (isRole(key)) setRole(key);
          })}
        />
        {variant === 'management' ? (
          <Select
            label="Status"
            name="isActive"
            options={STATUS_OPTIONS}
            value={isActive ? 'active' : 'inactive'}
            onChange={edit('isActive', (key: Key | null) => setActive(key !== 'inactive'))}
          />
        ) : null}
      </div>
      <div className="form__row">
        <TextField
          label={variant === 'panel' ? 'Job Title' : 'Title (optional)'}
          name="title"
          value={title}
          onChange={edit('title', setTitle)}
        />
        <TextField
          label={variant === 'panel' ? 'Company' : 'Company (optional)'}
          name="company"
          value={company}
          onChange={edit('company', setCompany)}
        />
      </div>
      {variant === 'panel' ? (
        <>
          <TextField label="Bio" name="bio" value={bio} onChange={edit('bio', setBio)} multiline rows={3} />
          <Checkbox isSelected={isActive} onChange={edit('isActive', setActive)}>
            User can access the platform
          </Checkbox>
          <FileField
            label="Profile Image"
            kind="image"
            value={profileImageUrl}
            onChange={edit('profileImageUrl', setProfileImageUrl)}
            errorMessage={firstError(errors, 'profileImageUrl')}
            onUploadingChange={setUploading}
            isDisabled={save.isPending}
          />
        </>
      ) : null}
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" isPending={save.isPending} isDisabled={isUploading}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
