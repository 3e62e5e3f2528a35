import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import type { ContentStatus } from '../../../contracts/common';
import { PodcastCreateInput, PodcastPatchInput, type Podcast } from '../../../contracts/podcasts';
import { Button } from '../../components/Button';
import { FileField } from '../content/FileField';
import { ImageField, SubmitRow } from './FormParts';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { bind, bindWithError, useEntityForm, submitLabel } from '../../lib/entityForm';
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
   * `page`: /podcasts/add and /podcasts/{id}/edit (spec 2): duration in whole minutes, a YouTube
   * link (stored as audioUrl), status (default draft), back to /podcasts 1500 ms after saving.
   * `panel`: the admin panel's Podcasts tab (spec 9): duration as MM:SS or HH:MM:SS, an audio
   * upload, published on create, `onCreated` after each episode.
   */
  variant?: 'page' | 'panel';
  onCreated?: () => void;
}

/** The server stores seconds; the page edits whole minutes. */
const toMinutes = (seconds: number | null | undefined) => (seconds == null ? Number.NaN : Math.round(seconds / 60));

/** The API refuses 0 and non-integers; anything that is not a positive integer is sent as "none". */
export function episodeNumberOrNull(value: number): number | null {
  return Number.isInteger(value) && value >= 1 ? value : null;
}

/**
 * The episode form: title, description, categories, show and episode number (unique per show),
 * duration, host, guest, guest title, audio (a link or an upload), cover image and
 * (on the page) status, checked with the contract schema the server uses.
 */
export function PodcastForm({ podcast, isHeld = false, variant = 'page', onCreated }: PodcastFormProps) {
  const isPanel = variant === 'panel';
  const save = useSavePodcast(podcast?.id ?? null);
  const { redirect, isRedirecting } = useRedirectAfter();
  const [uploads, setUploads] = useState({ audio: false, image: false });
  const isUploading = uploads.audio || uploads.image;
  const isBusy = save.isPending || isRedirecting;
  const initialMinutes = toMinutes(podcast?.duration);

  const { form, formProps, clearError } = useEntityForm({
    defaultValues: {
      title: podcast?.title ?? '',
      description: podcast?.description ?? '',
      categoryIds: podcast?.categoryIds ?? [],
      ...initialPlacement(podcast),
      minutes: initialMinutes,
      durationText: '',
      audioUrl: podcast?.audioUrl ?? (isPanel ? null : ''),
      hostName: podcast?.hostName ?? '',
      guestName: podcast?.guestName ?? '',
      guestTitle: podcast?.guestTitle ?? '',
      imageUrl: podcast?.imageUrl ?? null,
      status: podcast?.status ?? ('draft' as ContentStatus),
    },
    schema: podcast ? PodcastPatchInput : PodcastCreateInput,
    toInput: ({ showId: _chosen, episodeNumber: _typed, minutes, durationText, status, ...values }) => {
      const input = { ...values, showId: placement.showIdInput, episodeNumber: episodeNumberOrNull(placement.episodeNumber) };
      // Spec 5: the panel's duration is parsed by the schema (MM:SS, HH:MM:SS or seconds).
      if (isPanel) return { ...input, duration: durationText };
      const minutesChanged = !(Number.isNaN(minutes) && Number.isNaN(initialMinutes)) && minutes !== initialMinutes;
      // Unchanged minutes are not sent, so an edit keeps a duration with seconds (e.g. 42:30) intact.
      const duration = podcast && !minutesChanged ? {} : { duration: Number.isFinite(minutes) ? Math.round(minutes * 60) : null };
      return { ...input, ...duration, status };
    },
    errorField: (name) => (name === 'duration' ? (isPanel ? 'durationText' : 'minutes') : name),
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
      {isPanel ? (
        <form.Field name="durationText">
          {(field) => (
            <TextField
              label="Duration"
              {...bind(field)}
              placeholder="45:00"
              description="Format: MM:SS or HH:MM:SS"
            />
          )}
        </form.Field>
      ) : (
        <form.Field name="minutes">
          {(field) => <NumberField label="Duration (minutes)" minValue={0} step={1} {...bind(field)} />}
        </form.Field>
      )}
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
    <form.Field name="audioUrl">
      {(field) =>
        isPanel ? (
          <FileField
            label="Audio File"
            kind="audio"
            description="MP3, WAV, etc."
            {...bindWithError(field)}
            value={field.state.value || null}
            onUploadingChange={(audio) => setUploads((u) => ({ ...u, audio }))}
            isDisabled={isBusy}
          />
        ) : (
          <TextField
            label="YouTube Link"
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            description="Where 'Listen Now' takes listeners."
            {...bind(field)}
            value={field.state.value ?? ''}
          />
        )
      }
    </form.Field>
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
