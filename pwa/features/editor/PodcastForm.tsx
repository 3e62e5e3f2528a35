import { useRef, useState, type FormEvent } from 'react';
import { Form, type Key } from 'react-aria-components';
import type { ContentStatus } from '../../../contracts/common';
import { PodcastCreateInput, PodcastPatchInput, type Podcast } from '../../../contracts/podcasts';
import { serverFieldErrors } from '../../api/errors';
import { Button } from '../../components/Button';
import { FileField } from '../../components/FileField';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { STATUS_OPTIONS } from './ArticleForm';
import { CategoryChoices } from './CategoryChoices';
import { firstError, focusFirstInvalid, useFieldErrors, validateWith } from '../../lib/formErrors';
import { EpisodeNumberField, ShowSelect, useEpisodePlacement } from './EpisodePlacement';
import { useSavePodcast } from './mutations';
import { REDIRECT_MS, useRedirectAfter } from './redirect';

export interface PodcastFormProps {
  /** The episode to edit; null creates one. */
  podcast: Podcast | null;
  /** Set while something else on the page (a delete) is in flight. */
  isHeld?: boolean;
}

/** The server stores seconds; this page edits whole minutes. */
const toMinutes = (seconds: number | null | undefined) => (seconds == null ? Number.NaN : Math.round(seconds / 60));

/** The API refuses 0 and non-integers; anything that is not a positive integer is sent as "none". */
export function episodeNumberOrNull(value: number): number | null {
  return Number.isInteger(value) && value >= 1 ? value : null;
}

/**
 * The episode form of /podcasts/add and /podcasts/{id}/edit (spec 2): title, description,
 * categories, show and episode number (unique per show, issue 18), duration in minutes, YouTube link (stored as audioUrl), host, guest,
 * guest title, cover image upload and status (default draft). Returns to /podcasts after 1500 ms.
 */
export function PodcastForm({ podcast, isHeld = false }: PodcastFormProps) {
  const save = useSavePodcast(podcast?.id ?? null);
  const { redirect, isRedirecting } = useRedirectAfter();
  const { errors, setErrors, edit } = useFieldErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const initialMinutes = toMinutes(podcast?.duration);
  const [title, setTitle] = useState(podcast?.title ?? '');
  const [description, setDescription] = useState(podcast?.description ?? '');
  const [categoryIds, setCategoryIds] = useState<string[]>(podcast?.categoryIds ?? []);
  const placement = useEpisodePlacement(podcast);
  const [minutes, setMinutes] = useState(initialMinutes);
  const [audioUrl, setAudioUrl] = useState(podcast?.audioUrl ?? '');
  const [hostName, setHostName] = useState(podcast?.hostName ?? '');
  const [guestName, setGuestName] = useState(podcast?.guestName ?? '');
  const [guestTitle, setGuestTitle] = useState(podcast?.guestTitle ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(podcast?.imageUrl ?? null);
  const [status, setStatus] = useState<ContentStatus>(podcast?.status ?? 'draft');
  const [isUploading, setUploading] = useState(false);

  const isBusy = save.isPending || isRedirecting;
  const isLocked = isBusy || isHeld;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLocked || isUploading) return;
    const minutesChanged = !(Number.isNaN(minutes) && Number.isNaN(initialMinutes)) && minutes !== initialMinutes;
    const input = {
      title,
      description,
      categoryIds,
      showId: placement.showIdInput,
      episodeNumber: episodeNumberOrNull(placement.episodeNumber),
      // Unchanged minutes are not sent, so an edit keeps a duration with seconds (e.g. 42:30) intact.
      ...(podcast && !minutesChanged ? {} : { duration: Number.isFinite(minutes) ? Math.round(minutes * 60) : null }),
      audioUrl,
      hostName,
      guestName,
      guestTitle,
      imageUrl,
      status,
    };
    const result = podcast ? validateWith(PodcastPatchInput, input) : validateWith(PodcastCreateInput, input);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    save.mutate(result.data, {
      onSuccess: () => redirect('/podcasts', REDIRECT_MS.afterSave),
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        focusFirstInvalid(formRef.current);
      },
    });
  };

  let submitLabel = podcast ? 'Update Episode' : 'Create Episode';
  if (isBusy) submitLabel = podcast ? 'Updating...' : 'Creating...';

  return (
    <Form ref={formRef} className="form editor-form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <TextField label="Title" name="title" value={title} onChange={edit('title', setTitle)} isRequired />
      <TextField
        label="Description"
        name="description"
        value={description}
        onChange={edit('description', setDescription)}
        multiline
        rows={5}
      />
      <CategoryChoices value={categoryIds} onChange={edit('categoryIds', setCategoryIds)} current={podcast?.categories} />
      <div className="form__row">
        <ShowSelect placement={placement} onChange={edit('showId', edit('episodeNumber', placement.setShowId))} />
        <EpisodeNumberField placement={placement} onChange={edit('episodeNumber', placement.setEpisodeNumber)} />
        <NumberField
          label="Duration (minutes)"
          name="duration"
          minValue={0}
          step={1}
          value={minutes}
          onChange={edit('duration', setMinutes)}
        />
      </div>
      <TextField
        label="YouTube Link"
        name="audioUrl"
        type="url"
        placeholder="https://www.youtube.com/watch?v=…"
        description="Where 'Listen Now' takes listeners."
        value={audioUrl}
        onChange={edit('audioUrl', setAudioUrl)}
      />
      <div className="form__row">
        <TextField label="Host Name" name="hostName" value={hostName} onChange={edit('hostName', setHostName)} />
        <TextField label="Guest Name" name="guestName" value={guestName} onChange={edit('guestName', setGuestName)} />
        <TextField label="Guest Title" name="guestTitle" value={guestTitle} onChange={edit('guestTitle', setGuestTitle)} />
      </div>
      <FileField
        label="Cover Image"
        kind="image"
        value={imageUrl}
        onChange={edit('imageUrl', setImageUrl)}
        errorMessage={firstError(errors, 'imageUrl')}
        onUploadingChange={setUploading}
        isDisabled={isLocked}
      />
      <Select
        label="Status"
        name="status"
        options={STATUS_OPTIONS}
        value={status}
        onChange={edit('status', (key: Key | null) => setStatus(key === 'published' ? 'published' : 'draft'))}
      />
      <div className="editor-form__actions">
        <Button type="submit" isPending={isBusy} isDisabled={isHeld || isUploading}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
