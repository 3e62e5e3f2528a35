import { useState } from 'react';
import { Form } from 'react-aria-components';
import { NEW_PASSWORD_HINT, type User } from '../../../../contracts/auth';
import type { Role } from '../../../../contracts/common';
import { UserCreateInput, UserUpdateInput } from '../../../../contracts/users';
import { Checkbox } from '../../../components/Checkbox';
import { Dialog, FormDialogActions } from '../../../components/Dialog';
import { FileField } from '../../content';
import { Select } from '../../../components/Select';
import { TextField } from '../../../components/TextField';
import { bind, bindWithError, useEntityForm } from '../../../lib/entityForm';
import { isRole, ROLE_OPTIONS } from '../labels';
import { useSaveUser, type UserFormVariant } from './userMutations';

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

/** The Role choice of the user and invitation forms. */
export function RoleSelect({ field }: { field: { name: string; state: { value: Role }; handleChange: (role: Role) => void } }) {
  return (
    <Select
      label="Role"
      options={ROLE_OPTIONS}
      {...bind(field)}
      onChange={(key) => {
        if (isRole(key)) field.handleChange(key);
      }}
    />
  );
}

const STATUS_OPTIONS = [
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
] as const;

function UserForm({ variant, user, onDone }: { variant: UserFormVariant; user: User | null; onDone: () => void }) {
  const save = useSaveUser(variant, user?.id ?? null);
  const [isUploading, setUploading] = useState(false);
  const isPanel = variant === 'panel';

  const { form, formProps } = useEntityForm({
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      password: '',
      role: user?.role ?? ('subscriber' as Role),
      isActive: user?.isActive ?? true,
      title: user?.title ?? '',
      company: user?.company ?? '',
      bio: user?.bio ?? '',
      profileImageUrl: user?.profileImageUrl ?? (null as string | null),
    },
    schema: user ? UserUpdateInput : UserCreateInput,
    // Bio and photo are the Users tab's; User Management does not send them.
    toInput: ({ bio, profileImageUrl, ...values }) => (isPanel ? { ...values, bio, profileImageUrl } : values),
    onSubmit: async (input) => {
      await save.mutateAsync(input);
      onDone();
    },
    isHeld: save.isPending || isUploading,
  });

  let submitLabel = user ? 'Save Changes' : 'Create User';
  if (save.isPending) submitLabel = user ? 'Saving...' : 'Creating...';

  return (
    <Form {...formProps} className="form">
      <div className="form__row">
        <form.Field name="firstName">
          {(field) => <TextField label="First Name" {...bind(field)} isRequired autoFocus />}
        </form.Field>
        <form.Field name="lastName">{(field) => <TextField label="Last Name" {...bind(field)} isRequired />}</form.Field>
      </div>
      <form.Field name="email">{(field) => <TextField label="Email" type="email" {...bind(field)} isRequired />}</form.Field>
      <form.Field name="password">
        {(field) => (
          <TextField
            label={user ? 'New Password (Optional)' : 'Password'}
            type="password"
            autoComplete="new-password"
            {...bind(field)}
            isRequired={!user}
            description={user ? 'Leave blank to keep the current password.' : `${NEW_PASSWORD_HINT} Share it with the user securely.`}
          />
        )}
      </form.Field>
      <div className="form__row">
        <form.Field name="role">
          {(field) => <RoleSelect field={field} />}
        </form.Field>
        {isPanel ? null : (
          <form.Field name="isActive">
            {(field) => (
              <Select
                label="Status"
                name={field.name}
                options={STATUS_OPTIONS}
                value={field.state.value ? 'active' : 'inactive'}
                onChange={(key) => field.handleChange(key !== 'inactive')}
              />
            )}
          </form.Field>
        )}
      </div>
      <div className="form__row">
        <form.Field name="title">
          {(field) => <TextField label={isPanel ? 'Job Title' : 'Title (optional)'} {...bind(field)} />}
        </form.Field>
        <form.Field name="company">
          {(field) => <TextField label={isPanel ? 'Company' : 'Company (optional)'} {...bind(field)} />}
        </form.Field>
      </div>
      {isPanel ? (
        <>
          <form.Field name="bio">{(field) => <TextField label="Bio" {...bind(field)} multiline rows={3} />}</form.Field>
          <form.Field name="isActive">
            {(field) => (
              <Checkbox isSelected={field.state.value} onChange={field.handleChange}>
                User can access the platform
              </Checkbox>
            )}
          </form.Field>
          <form.Field name="profileImageUrl">
            {(field) => (
              <FileField
                label="Profile Image"
                kind="image"
                {...bindWithError(field)}
                onUploadingChange={setUploading}
                isDisabled={save.isPending}
              />
            )}
          </form.Field>
        </>
      ) : null}
      <FormDialogActions onCancel={onDone} isPending={save.isPending} isDisabled={isUploading}>
        {submitLabel}
      </FormDialogActions>
    </Form>
  );
}
