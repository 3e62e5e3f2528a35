import { useStore } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { DURATION_MAX_SECONDS, PodcastCreateInput, PodcastPatchInput, type Podcast } from '../../../contracts/podcasts';
import { Button } from '../../components/Button';
import { FileField } from '../content';
import { DateTimeField } from '../../components/DateTimeField';
import { ImageField, LearningObjectivesField, PUBLISH_AT_DESCRIPTION, SavedLinks, SaveActions, statusFor, type SaveIntent } from './FormParts';
import { TextField } from '../../components/TextField';
import { bind, bindWithError, useEntityForm } from '../../lib/entityForm';
import { formatDuration } from '../../lib/format';
import { CategoryChoices } from '../content';
import { EpisodeNumberField, initialPlacement, ShowSelect, useEpisodePlacement } from './EpisodePlacement';
import { justCreatedItem, useForgetCreated, useOpenCreated } from './firstSave';
import { useSavePodcast } from './mutations';
import { chapterRows, TranscriptField, type TranscriptValue } from './TranscriptFields';

export interface PodcastFormProps {
  /** The episode to edit; null creates one. */
  podcast: Podcast | null;
  /** Set while something else on the page (a delete) is in flight. */
  isHeld?: boolean;
  /**
   * `page`: /podcasts/add and /podcasts/{id}/edit (spec 2): after saving it stays, now editing what
   * it saved. `panel`: the admin panel's Podcasts tab (spec 9): starts over after each episode. Both
   * save a draft unless told to publish, link to what they saved
   * (docs/decisions/2026-11-28-drafts-by-default.md), and have the audio file, the external link and
   * the duration as MM:SS or HH:MM:SS (read from the file when there is one).
   */
  variant?: 'page' | 'panel';
  /** Kept for the panel's wrapper; the form starts over by itself, keeping its links to what it saved. */
  onCreated?: () => void;
}

/** The server stores seconds; the form shows them as the hint asks (M:SS or H:MM:SS), blank when unknown. */
const durationText = (seconds: number | null | undefined) => (seconds == null ? '' : formatDuration(seconds));

const DURATION_HINT = 'Format: MM:SS or HH:MM:SS';
const FROM_FILE = 'Read from the file';
/** The spec's hint, then the limit the server holds a file's own length to (longer files are refused). */
const AUDIO_FILE_HINT = `MP3, WAV, etc. At most ${DURATION_MAX_SECONDS / 3600} hours long.`;

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
export function PodcastForm({ podcast, isHeld = false, variant = 'page' }: PodcastFormProps) {
  const isPanel = variant === 'panel';
  const navigate = useNavigate();
  // What this form last saved: the page goes on editing it; the panel links to it and starts over.
  const [saved, setSaved] = useState<Podcast | null>(() => (isPanel ? null : justCreatedItem<Podcast>(podcast?.id)));
  useForgetCreated(isPanel ? undefined : podcast?.id);
  const openCreated = useOpenCreated('podcasts');
  const [resets, setResets] = useState(0);
  const current = isPanel ? podcast : (saved ?? podcast);
  const save = useSavePodcast(current?.id ?? null);
  const intent = useRef<SaveIntent>('save');
  const [uploads, setUploads] = useState({ audio: false, image: false });
  const isUploading = uploads.audio || uploads.image;
  const isBusy = save.isPending;
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
      learningObjectives: podcast?.learningObjectives ?? '',
      publishAt: podcast?.scheduledAt ?? (null as string | null),
      // Undefined leaves the saved transcript as it is (it is not sent back on every save).
      transcript: undefined as TranscriptValue,
      chapters: chapterRows(podcast?.chapters),
    },
    schema: current ? PodcastPatchInput : PodcastCreateInput,
    toInput: ({ showId: _chosen, episodeNumber: _typed, durationText, publishAt, transcript, ...values }) => {
      // Spec 5: the duration is parsed by the schema (MM:SS, HH:MM:SS or seconds).
      const input = {
        ...values,
        duration: durationText,
        showId: placement.showIdInput,
        episodeNumber: episodeNumberOrNull(placement.episodeNumber),
        // A text area cleared by hand is "no new transcript"; Remove sends null.
        transcript: transcript === '' ? undefined : transcript,
      };
      return { ...input, ...statusFor(intent.current, current?.status ?? 'draft', publishAt) };
    },
    errorField: (name) =>
      name === 'duration' ? 'durationText' : name === 'scheduledAt' ? 'publishAt' : name.replace(/^chapters\.(\d+)\.(start|title)$/, 'chapters[$1].$2'),
    onSubmit: async (input) => {
      const result = await save.mutateAsync(input);
      setSaved(result);
      // The Add page's first save: from now on this is the episode's edit page.
      if (!isPanel && !current) void openCreated(result, intent.current === 'preview');
      else if (intent.current === 'preview') void navigate({ to: '/podcasts/$id/preview', params: { id: result.id } });
      else if (isPanel) {
        form.reset();
        setResets((n) => n + 1);
      }
    },
    isHeld: isBusy || isHeld || isUploading,
  });
  const chosen = useStore(form.store, (state) => ({ showId: state.values.showId, episodeNumber: state.values.episodeNumber }));
  const placement = useEpisodePlacement(podcast, chosen);

  /** The buttons other than the form's own submit (Save draft / Update) say what the save does. */
  const submitAs = (next: SaveIntent) => {
    if (isBusy || isHeld || isUploading) return;
    intent.current = next;
    void form.handleSubmit().finally(() => (intent.current = 'save'));
  };
  const publishAt =
    current?.status === 'published' ? null : (
      <form.Field name="publishAt">
        {(field) => (
          <DateTimeField key={resets} label="Publish at" description={PUBLISH_AT_DESCRIPTION} value={field.state.value} onChange={field.handleChange} />
        )}
      </form.Field>
    );

  const title = <form.Field name="title">{(field) => <TextField label="Title" {...bind(field)} isRequired />}</form.Field>;
  const description = (
    <form.Field name="description">
      {(field) => <TextField label="Description" {...bind(field)} multiline rows={isPanel ? 4 : 5} />}
    </form.Field>
  );
  const objectives = <form.Field name="learningObjectives">{(field) => <LearningObjectivesField {...bind(field)} />}</form.Field>;
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
            description={AUDIO_FILE_HINT}
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
  const transcript = (
    <form.Field name="transcript">
      {(field) => (
        <TranscriptField
          value={field.state.value}
          onChange={field.handleChange}
          saved={current?.transcript ?? podcast?.transcript}
          errorMessage={bindWithError(field).errorMessage}
          isDisabled={isBusy}
        />
      )}
    </form.Field>
  );
  const chapters = (
    <form.Field name="chapters" mode="array">
      {(list) => (
        <fieldset className="editor-fieldset chapters-field">
          <legend>Chapters</legend>
          <p className="field__description">Where each part of the episode starts (MM:SS or HH:MM:SS) and its title.</p>
          {list.state.value.length ? (
            <ol className="chapters-field__rows">
              {list.state.value.map((_, i) => (
                <li key={i} className="form__row">
                  <form.Field name={`chapters[${i}].start`}>
                    {(field) => <TextField label={`Chapter ${i + 1} start`} placeholder="0:00" {...bind(field)} />}
                  </form.Field>
                  <form.Field name={`chapters[${i}].title`}>
                    {(field) => <TextField label={`Chapter ${i + 1} title`} {...bind(field)} />}
                  </form.Field>
                  <Button variant="ghost" aria-label={`Remove chapter ${i + 1}`} onPress={() => list.removeValue(i)} isDisabled={isBusy}>
                    Remove
                  </Button>
                </li>
              ))}
            </ol>
          ) : null}
          <Button variant="secondary" onPress={() => list.pushValue({ start: '', title: '' })} isDisabled={isBusy}>
            Add chapter
          </Button>
        </fieldset>
      )}
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
          {saved ? <SavedLinks kind="podcasts" item={saved} showEdit /> : null}
          {title}
          {placementRow}
          {description}
          {objectives}
          {people}
          {categories}
          {audio}
          {transcript}
          {chapters}
          {cover}
          {publishAt}
        </>
      ) : (
        <>
          {saved ? <SavedLinks kind="podcasts" item={saved} showEdit={!podcast} /> : null}
          {title}
          {description}
          {objectives}
          {categories}
          {placementRow}
          {audio}
          {transcript}
          {chapters}
          {people}
          {cover}
          {publishAt}
        </>
      )}
      <form.Subscribe selector={(state) => state.values.publishAt}>
        {(time) => (
          <SaveActions isPanel={isPanel} status={current?.status ?? null} isScheduling={Boolean(time)} isPending={isBusy} isDisabled={isHeld || isUploading} onAction={submitAs} />
        )}
      </form.Subscribe>
    </Form>
  );
}
