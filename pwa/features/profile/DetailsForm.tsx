import { Form } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { PROFILE_LIMITS, ProfileUpdateInput, tagProblem } from '../../../contracts/profile';
import { Button } from '../../components/Button';
import { TagField } from '../../components/TagField';
import { TextField } from '../../components/TextField';
import { bind, bindWithError, useEntityForm } from '../../lib/entityForm';
import { useUpdateProfile } from './mutations';
import { ProfileCard } from './ProfileCard';

/**
 * Name, title, company, bio and expertise tags, checked with the contract the server uses
 * (ProfileUpdateInput), so each message shows under its field before anything is sent; the
 * server's field errors land in the same places.
 */
export function DetailsForm({ user, online }: { user: User; online: boolean }) {
  const save = useUpdateProfile();
  const { form, formProps, errors } = useEntityForm({
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      title: user.title ?? '',
      company: user.company ?? '',
      bio: user.bio ?? '',
      expertiseTags: user.expertiseTags,
    },
    schema: ProfileUpdateInput,
    onSubmit: (input) => save.mutateAsync(input),
    isHeld: save.isPending,
  });

  return (
    <ProfileCard id="profile-details-title" title="Details">
      <Form className="form" {...formProps}>
        <div className="form__row">
          <form.Field name="firstName">
            {(field) => <TextField label="First Name" {...bind(field)} autoComplete="given-name" isRequired />}
          </form.Field>
          <form.Field name="lastName">
            {(field) => <TextField label="Last Name" {...bind(field)} autoComplete="family-name" isRequired />}
          </form.Field>
        </div>
        <div className="form__row">
          <form.Field name="title">
            {(field) => (
              <TextField label="Title" {...bind(field)} autoComplete="organization-title" description="Your job title, e.g. Audit Manager." />
            )}
          </form.Field>
          <form.Field name="company">
            {(field) => <TextField label="Company" {...bind(field)} autoComplete="organization" />}
          </form.Field>
        </div>
        <form.Field name="bio">
          {(field) => (
            <TextField
              label="Bio"
              {...bind(field)}
              multiline
              rows={5}
              description="Plain text, up to 5,000 characters; line breaks are kept."
            />
          )}
        </form.Field>
        <form.Field name="expertiseTags">
          {(field) => (
            <TagField
              label="Expertise"
              {...bindWithError(field)}
              max={PROFILE_LIMITS.expertiseTags}
              check={tagProblem}
              description={`Topics you know well, up to ${PROFILE_LIMITS.expertiseTagLength} characters each.`}
            />
          )}
        </form.Field>
        <p className="profile-card__note">
          Email: <strong>{user.email}</strong>. Only an admin can change your email address or role; neither is shown on your public page.
        </p>
        <div className="profile-card__actions">
          <Button type="submit" isPending={save.isPending} isDisabled={!online}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
          {online ? null : <span className="profile-card__hint">Saving needs a connection.</span>}
        </div>
      </Form>
    </ProfileCard>
  );
}
