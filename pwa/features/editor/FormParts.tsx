import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { FileField } from '../content/FileField';
import { bindWithError } from '../../lib/entityForm';

/** What `bindWithError` needs of the form's `imageUrl` field. */
interface ImageUrlFieldApi {
  name: string;
  state: { value: string | null; meta: { errors: unknown[] } };
  handleChange: (value: string | null) => void;
}

/** The part of a `useEntityForm` form this field uses: its `Field` for `imageUrl` (an uploaded image's address or null). */
export interface ImageUrlForm {
  // Returns what TanStack Form's own `Field` is typed to return.
  Field: (props: { name: 'imageUrl'; children: (field: ImageUrlFieldApi) => ReactNode }) => ReactNode | Promise<ReactNode>;
}

export interface ImageFieldProps {
  form: ImageUrlForm;
  label: string;
  onUploadingChange: (isUploading: boolean) => void;
  isDisabled: boolean;
}

/** An article's featured image or an episode's cover: an image upload bound to the form's `imageUrl`. */
export function ImageField({ form, label, onUploadingChange, isDisabled }: ImageFieldProps) {
  return (
    <form.Field name="imageUrl">
      {(field) => (
        <FileField label={label} kind="image" {...bindWithError(field)} onUploadingChange={onUploadingChange} isDisabled={isDisabled} />
      )}
    </form.Field>
  );
}

export interface SubmitRowProps {
  /** The control panel's quick form, or the editor page's. */
  isPanel: boolean;
  label: string;
  isPending: boolean;
  isDisabled: boolean;
}

/** The article and episode forms' submit button, right-aligned under the fields. */
export function SubmitRow({ isPanel, label, isPending, isDisabled }: SubmitRowProps) {
  return (
    <div className={isPanel ? 'admin-form__actions' : 'editor-form__actions'}>
      <Button type="submit" isPending={isPending} isDisabled={isDisabled}>
        {label}
      </Button>
    </div>
  );
}
