import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import type { ContentStatus } from '../../../contracts/common';
import { PodcastCreateInput, PodcastPatchInput, type Podcast } from '../../../contracts/podcasts';
import { Button } from '../../components/Button';
import { FileField } from '../content/FileField';
import { ImageField, SubmitRow } from './FormParts';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { bind, bindWithError, useEntityForm, submitLabel } from '../../lib/entityForm';
import { formatDuration } from '../../lib/format';
import { STATUS_OPTIONS, toStatus } from './ArticleForm';
import { CategoryChoices } from './CategoryChoices';
import { EpisodeNumberField, initialPlacement, ShowSelect, useEpisodePlacement } from './EpisodePlacement';
import { useSavePodcast } from './mutations';
import { REDIRECT_MS, useRedirectAfter } from './redirect';

export interface PodcastFormProps {
  /** The episode to edit; null creates one. */
  podcast: Podcast | null;
  /** Set while something else on the page (a delete) is in flight. */
  isHeld?: boolean;
  /**
   * `page`: /podcasts/add and /podcasts/{id}/edit (spec 2): status (default draft), back to
   * /podcasts 1500 ms after saving. `panel`: the admin panel's Podcasts tab (spec 9): published on
   * create, `onCreated` after each episode. Both have the audio file, the external link and the
   * duration as MM:SS or HH:MM:SS (read from the file when there is one).
   */
  variant?: 'page' | 'panel';
  onCreated?: () => void;
}

/** The server stores seconds; the form shows them as the hint asks (M:SS or H:MM:SS), blank when unknown. */
const durationText = (seconds: number | null | undefined) => (seconds == null ? '' : formatDuration(seconds));

const DURATION_HINT = 'Format: MM:SS or HH:MM:SS';
const FROM_FILE = 'Read from the file';

/** The API refuses 0 and non-integers; anything that is not a positive integer is sent as "none". */
export function episodeNumberOrNull(value: number): number | null {
  return Number.isInteger(value) && value >= 1 ? value : null;
}

/**
 * The episode form: title, description, categories, show and episode number (unique per show),
 * duration, host, guest, guest title, the audio file (upload, replace, remove, preview), an external
 * link (a page elsewhere, never played), cover image and (on the page) status, checked with the
 * contract schema the server uses. The server reads an uploaded file's duration; the form shows it
 * and leaves the field read-only while the episode has that file.
 */
export function PodcastForm({ podcast, isHeld = false, variant = 'page', onCreated }: PodcastFormProps) {
  const isPanel = variant === 'panel';
  const save = useSavePodcast(podcast?.id ?? null);
  const { redirect, isRedirecting } = useRedirectAfter();
  const [uploads, setUploads] = useState({ audio: false, image: false });
  const isUploading = uploads.audio || uploads.image;
  const isBusy = save.isPending || isRedirecting;
  // Whether the duration shown came from the file (the server's reading wins over typing).
  const [durationFromFile, setDurationFromFile] = useState(Boolean(podcast?.audioUrl && podcast.duration != null));

  const { form, formProps, clearError } = useEntityForm({
    defaultValues: {
      title: podcast?.title ?? '',
      description: podcast?.description ?? '',
      categoryIds: podcast?.categoryIds ?? [],
      ...initialPlacement(podcast),
      durationText: durationText(podcast?.duration),
      audioUrl: podcast?.audioUrl ?? null,
      externalUrl: podcast?.externalUrl ?? '',
      hostName: podcast?.hostName ?? '',
      guestName: podcast?.guestName ?? '',
      guestTitle: podcast?.guestTitle ?? '',
      imageUrl: podcast?.imageUrl ?? null,
      status: podcast?.status ?? ('draft' as ContentStatus),
    },
    schema: podcast ? PodcastPatchInput : PodcastCreateInput,
    toInput: ({ showId: _chosen, episodeNumber: _typed, durationText, status, ...values }) => {
      // Spec 5: the duration is parsed by the schema (MM:SS, HH:MM:SS or seconds).
      const input = { ...values, duration: durationText, showId: placement.showIdInput, episodeNumber: episodeNumberOrNull(placement.episodeNumber) };
      return isPanel ? input : { ...input, status };
    },
    errorField: (name) => (name === 'duration' ? 'durationText' : name),
    onSubmit: async (input) => {
      await save.mutateAsync(input);
      if (onCreated) onCreated();
      else redirect('/podcasts', REDIRECT_MS.afterSave);
    },
    isHeld: isBusy || isHeld || isUploading,
  });
  const chosen = useStore(form.store, (state) => ({ showId: state.values.showId, episodeNumber: state.values.episodeNumber }));
  const placement = useEpisodePlacement(podcast, chosen);

  const saveLabel = submitLabel('Episode', podcast === null, isBusy);

  const title = <form.Field name="title">{(field) => <TextField label="Title" {...bind(field)} isRequired />}</form.Field>;
  const description = (
    <form.Field name="description">
      {(field) => <TextField label="Description" {...bind(field)} multiline rows={isPanel ? 4 : 5} />}
    </form.Field>
  );
  const categories = (
    <form.Field name="categoryIds">
      {(field) => <CategoryChoices value={field.state.value} onChange={field.handleChange} current={podcast?.categories} />}
    </form.Field>
  );
  const placementRow = (
    <div className="form__row">
      <form.Field name="showId">
        {(field) => (
          <ShowSelect
            placement={placement}
            onChange={(key) => {
              if (typeof key !== 'string') return;
              clearError('episodeNumber');
              field.handleChange(key);
            }}
          />
        )}
      </form.Field>
      <form.Field name="episodeNumber">
        {(field) => <EpisodeNumberField placement={placement} onChange={field.handleChange} />}
      </form.Field>
      <form.Field name="durationText">
        {(field) => (
          <TextField
            label="Duration"
            {...bind(field)}
            placeholder="45:00"
            description={durationFromFile ? `${FROM_FILE}. ${DURATION_HINT}` : DURATION_HINT}
            isReadOnly={durationFromFile}
          />
        )}
      </form.Field>
    </div>
  );
  const people = (
    <div className="form__row">
      <form.Field name="hostName">{(field) => <TextField label="Host Name" {...bind(field)} />}</form.Field>
      <form.Field name="guestName">
        {(field) => <TextField label={isPanel ? 'Guest Name (optional)' : 'Guest Name'} {...bind(field)} />}
      </form.Field>
      <form.Field name="guestTitle">
        {(field) => <TextField label={isPanel ? 'Guest Title (optional)' : 'Guest Title'} {...bind(field)} />}
      </form.Field>
    </div>
  );
  const audio = (
    <>
      <form.Field name="audioUrl">
        {(field) => (
          <FileField
            label="Audio File"
            kind="audio"
            description="MP3, WAV, etc."
            {...bindWithError(field)}
            value={field.state.value || null}
            onChange={(path) => {
              field.handleChange(path);
              // Without a file the duration is typed again (it keeps the last value as a start).
              if (path === null) setDurationFromFile(false);
            }}
            onUploaded={({ durationSeconds }) => {
              const known = durationSeconds != null;
              setDurationFromFile(known);
              if (known) {
                form.setFieldValue('durationText', durationText(durationSeconds));
                clearError('durationText');
              }
            }}
            onUploadingChange={(audio) => setUploads((u) => ({ ...u, audio }))}
            isDisabled={isBusy}
          />
        )}
      </form.Field>
      <form.Field name="externalUrl">
        {(field) => (
          <TextField
            label="External Link"
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            description="YouTube or another page that has this episode."
            {...bindWithError(field)}
            value={field.state.value ?? ''}
          />
        )}
      </form.Field>
    </>
  );
  const cover = (
    <ImageField
      form={form}
      label="Cover Image"
      onUploadingChange={(image) => setUploads((u) => ({ ...u, image }))}
      isDisabled={isBusy || isHeld}
    />
  );

  return (
    <Form {...formProps} className={isPanel ? 'form admin-card' : 'form editor-form'}>
      {isPanel ? (
        <>
          <h2>Create Podcast Episode</h2>
          {title}
          {placementRow}
          {description}
          {people}
          {categories}
          {audio}
          {cover}
        </>
      ) : (
        <>
          {title}
          {description}
          {categories}
          {placementRow}
          {audio}
          {people}
          {cover}
          <form.Field name="status">
            {(field) => <Select label="Status" options={STATUS_OPTIONS} {...bind(field)} onChange={(key) => field.handleChange(toStatus(key))} />}
          </form.Field>
        </>
      )}
      <SubmitRow isPanel={isPanel} label={saveLabel} isPending={isBusy} isDisabled={isHeld || isUploading} />
    </Form>
  );
}
