import type { ReactNode } from 'react';
import type { ContentStatus } from '../../../contracts/common';
import { Button, LinkButton } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { Time } from '../../components/Time';
import { FileField } from '../content';
import { bindWithError } from '../../lib/entityForm';
import './editor.css';

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

/**
 * What a save does (docs/decisions/2026-11-28-drafts-by-default.md): `save` is the form's own
 * submit — "Save draft" for a draft or a new item, "Update" for a published one; `preview` saves
 * like it and opens the preview; `publish` publishes now, or schedules when a publish time is set;
 * `unpublish` turns a published item back into a draft.
 */
export type SaveIntent = 'save' | 'preview' | 'publish' | 'unpublish';

/** The status and publish time a save of `intent` sends, for an item now in `status`. */
export function statusFor(intent: SaveIntent, status: ContentStatus, publishAt: string | null): { status: ContentStatus; scheduledAt?: string | null } {
  if (intent === 'unpublish') return { status: 'draft', scheduledAt: null };
  if (intent === 'publish') return publishAt ? { status: 'draft', scheduledAt: publishAt } : { status: 'published', scheduledAt: null };
  // Save and preview keep a published item published and a draft a draft (with its time, if any).
  return status === 'published' ? { status: 'published' } : { status: 'draft', scheduledAt: publishAt };
}

/**
 * Learning objectives, one a line: shown at the top of the article or episode and copied into the CPD
 * entry of each member who reads or listens (docs/cpd.md).
 */
export function LearningObjectivesField(props: { name: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Learning objectives"
      description="Optional. One per line: what a reader or listener should be able to do afterwards. Shown at the top and kept in members' CPD records."
      multiline
      rows={3}
      {...props}
    />
  );
}

export const PUBLISH_AT_DESCRIPTION = 'Optional. With a time, Publish schedules it: it stays a draft until then.';

export interface SaveActionsProps {
  isPanel: boolean;
  /** The item's status as saved; null for a new one. */
  status: ContentStatus | null;
  /** A publish time is filled in: Publish reads Schedule. */
  isScheduling: boolean;
  isPending: boolean;
  isDisabled: boolean;
  onAction: (intent: SaveIntent) => void;
}

/** Preview, Publish/Unpublish and the form's submit (Save draft or Update), right-aligned under the fields. */
export function SaveActions({ isPanel, status, isScheduling, isPending, isDisabled, onAction }: SaveActionsProps) {
  const isPublished = status === 'published';
  const disabled = isDisabled || isPending;
  return (
    <div className={`${isPanel ? 'admin-form__actions' : 'editor-form__actions'} form-actions-row`}>
      <Button variant="secondary" isDisabled={disabled} onPress={() => onAction('preview')}>
        Preview
      </Button>
      {isPublished ? (
        <Button variant="secondary" isDisabled={disabled} onPress={() => onAction('unpublish')}>
          Unpublish
        </Button>
      ) : (
        <Button variant={status === null ? 'secondary' : 'primary'} isDisabled={disabled} onPress={() => onAction('publish')}>
          {isScheduling ? 'Schedule' : 'Publish'}
        </Button>
      )}
      <Button type="submit" variant={status === null || isPublished ? 'primary' : 'secondary'} isPending={isPending} isDisabled={isDisabled}>
        {isPending ? 'Saving...' : isPublished ? 'Update' : 'Save draft'}
      </Button>
    </div>
  );
}

export interface SavedLinksProps {
  kind: 'news' | 'podcasts';
  item: { id: string; title: string; status: ContentStatus; scheduledAt: string | null };
  /** The edit page itself needs no link to itself. */
  showEdit: boolean;
}

/** After a save: what became of the item, and links to it (its preview while a draft). */
export function SavedLinks({ kind, item, showEdit }: SavedLinksProps) {
  const noun = kind === 'news' ? 'article' : 'episode';
  return (
    <div className="saved-links" role="status">
      <p>
        <strong>{item.title}</strong>{' '}
        {item.status === 'published' ? (
          'is published.'
        ) : item.scheduledAt ? (
          <>
            is scheduled for <Time value={item.scheduledAt} show="dayTime" />.
          </>
        ) : (
          'is saved as a draft.'
        )}
      </p>
      {item.status === 'published' ? (
        <LinkButton to={kind === 'news' ? '/news/$id' : '/podcasts/$id'} params={{ id: item.id }} variant="secondary" size="sm">
          {kind === 'news' ? 'View article' : 'View episode'}
        </LinkButton>
      ) : (
        <LinkButton to={kind === 'news' ? '/news/$id/preview' : '/podcasts/$id/preview'} params={{ id: item.id }} variant="secondary" size="sm">
          Open preview
        </LinkButton>
      )}
      {showEdit ? (
        <LinkButton to={kind === 'news' ? '/news/$id/edit' : '/podcasts/$id/edit'} params={{ id: item.id }} variant="secondary" size="sm" aria-label={`Edit ${noun}`}>
          Edit
        </LinkButton>
      ) : null}
    </div>
  );
}
