import { useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { PodcastCreateInput } from '../../../contracts/podcasts';
import { serverFieldErrors } from '../../api/errors';
import { Button } from '../../components/Button';
import { FileField } from '../../components/FileField';
import { TextField } from '../../components/TextField';
import { CategoryChoices } from '../editor/CategoryChoices';
import { firstError, focusFirstInvalid, useFieldErrors, validateWith } from '../../lib/formErrors';
import { EpisodeNumberField, ShowSelect, useEpisodePlacement } from '../editor/EpisodePlacement';
import { useSavePodcast } from '../editor/mutations';
import { episodeNumberOrNull } from '../editor/PodcastForm';

/** The Podcasts tab: a quick create form; after each episode it starts over empty. */
export function QuickPodcastForm() {
  const [generation, setGeneration] = useState(0);
  return <PodcastFields key={generation} onCreated={() => setGeneration((n) => n + 1)} />;
}

/**
 * Spec 2's fields: title, episode number (the chosen show's next free number, issue 18), duration as MM:SS or HH:MM:SS, description,
 * host, guest and guest title, an audio upload and a cover image. The API also requires at least one
 * category, so the categories choice of the episode page is here too. Published on create.
 */
function PodcastFields({ onCreated }: { onCreated: () => void }) {
  const save = useSavePodcast(null);
  const { errors, setErrors, edit } = useFieldErrors();
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const placement = useEpisodePlacement(null);
  const [duration, setDuration] = useState('');
  const [description, setDescription] = useState('');
  const [hostName, setHostName] = useState('');
  const [guestName, setGuestName] = useState('');
  const [guestTitle, setGuestTitle] = useState('');
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [uploads, setUploads] = useState({ audio: false, image: false });
  const isUploading = uploads.audio || uploads.image;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || isUploading) return;
    const result = validateWith(PodcastCreateInput, {
      title,
      showId: placement.showIdInput,
      // Spec 5: parsed as an integer, 0 when invalid; the API refuses 0, so "none" is sent instead.
      episodeNumber: episodeNumberOrNull(placement.episodeNumber),
      duration,
      description,
      hostName,
      guestName,
      guestTitle,
      categoryIds,
      audioUrl,
      imageUrl,
    });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    save.mutate(result.data, {
      onSuccess: onCreated,
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        focusFirstInvalid(formRef.current);
      },
    });
  };

  return (
    <Form ref={formRef} className="form admin-card" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <h2>Create Podcast Episode</h2>
      <TextField label="Title" name="title" value={title} onChange={edit('title', setTitle)} isRequired />
      <div className="form__row">
        <ShowSelect placement={placement} onChange={edit('showId', edit('episodeNumber', placement.setShowId))} />
        <EpisodeNumberField placement={placement} onChange={edit('episodeNumber', placement.setEpisodeNumber)} />
        <TextField
          label="Duration"
          name="duration"
          placeholder="45:00"
          description="Format: MM:SS or HH:MM:SS"
          value={duration}
          onChange={edit('duration', setDuration)}
        />
      </div>
      <TextField
        label="Description"
        name="description"
        value={description}
        onChange={edit('description', setDescription)}
        multiline
        rows={4}
      />
      <div className="form__row">
        <TextField label="Host Name" name="hostName" value={hostName} onChange={edit('hostName', setHostName)} />
        <TextField label="Guest Name (optional)" name="guestName" value={guestName} onChange={edit('guestName', setGuestName)} />
        <TextField label="Guest Title (optional)" name="guestTitle" value={guestTitle} onChange={edit('guestTitle', setGuestTitle)} />
      </div>
      <CategoryChoices value={categoryIds} onChange={edit('categoryIds', setCategoryIds)} />
      <FileField
        label="Audio File"
        kind="audio"
        description="MP3, WAV, etc."
        value={audioUrl}
        onChange={edit('audioUrl', setAudioUrl)}
        errorMessage={firstError(errors, 'audioUrl')}
        onUploadingChange={(audio) => setUploads((u) => ({ ...u, audio }))}
        isDisabled={save.isPending}
      />
      <FileField
        label="Cover Image"
        kind="image"
        value={imageUrl}
        onChange={edit('imageUrl', setImageUrl)}
        errorMessage={firstError(errors, 'imageUrl')}
        onUploadingChange={(image) => setUploads((u) => ({ ...u, image }))}
        isDisabled={save.isPending}
      />
      <div className="admin-form__actions">
        <Button type="submit" isPending={save.isPending} isDisabled={isUploading}>
          {save.isPending ? 'Creating...' : 'Create Episode'}
        </Button>
      </div>
    </Form>
  );
}
