import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { User } from '../../../contracts/auth';
import { PROFILE_LIMITS, ProfileUpdateInput, tagProblem } from '../../../contracts/profile';
import { serverFieldErrors } from '../../api/errors';
import { useUpdateProfile } from '../../api/profile.queries';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { TagField } from '../../components/TagField';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { firstError, focusFirstInvalid, useFieldErrors, validateWith } from '../../lib/formErrors';
import { saveFailure } from './saveFailure';

/**
 * Name, title, company, bio and expertise tags, checked with the contract the server uses
 * (ProfileUpdateInput), so each message shows under its field before anything is sent; the
 * server's field errors land in the same places.
 */
export function DetailsForm({ user, online }: { user: User; online: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const { errors, setErrors, edit } = useFieldErrors();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [title, setTitle] = useState(user.title ?? '');
  const [company, setCompany] = useState(user.company ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [tags, setTags] = useState<string[]>(user.expertiseTags);
  const save = useUpdateProfile({
    onSuccess: () => toast({ title: 'Profile updated', description: 'Your public page shows the changes.' }),
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      focusFirstInvalid(form.current);
      toast(saveFailure(error, 'Failed to update your profile. Please try again.'));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validateWith(ProfileUpdateInput, { firstName, lastName, title, company, bio, expertiseTags: tags });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(form.current);
      return;
    }
    setErrors({});
    save.mutate(result.data);
  };

  return (
    <Card as="section" className="profile-card" aria-labelledby="profile-details-title">
      <div className="card__body">
        <h2 id="profile-details-title" className="profile-card__title">
          Details
        </h2>
        <Form ref={form} className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
          <div className="form__row">
            <TextField label="First Name" name="firstName" value={firstName} onChange={edit('firstName', setFirstName)} autoComplete="given-name" isRequired />
            <TextField label="Last Name" name="lastName" value={lastName} onChange={edit('lastName', setLastName)} autoComplete="family-name" isRequired />
          </div>
          <div className="form__row">
            <TextField label="Title" name="title" value={title} onChange={edit('title', setTitle)} autoComplete="organization-title" description="Your job title, e.g. Audit Manager." />
            <TextField label="Company" name="company" value={company} onChange={edit('company', setCompany)} autoComplete="organization" />
          </div>
          <TextField
            label="Bio"
            name="bio"
            value={bio}
            onChange={edit('bio', setBio)}
            multiline
            rows={5}
            description="Plain text, up to 5,000 characters; line breaks are kept."
          />
          <TagField
            label="Expertise"
            value={tags}
            onChange={edit('expertiseTags', setTags)}
            max={PROFILE_LIMITS.expertiseTags}
            check={tagProblem}
            description={`Topics you know well, up to ${PROFILE_LIMITS.expertiseTagLength} characters each.`}
            errorMessage={firstError(errors, 'expertiseTags')}
          />
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
      </div>
    </Card>
  );
}
