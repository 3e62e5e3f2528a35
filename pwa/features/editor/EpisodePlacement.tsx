import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { Key } from 'react-aria-components';
import type { Podcast, PodcastShow } from '../../../contracts/podcasts';
import { podcastShowQueries } from '../../api/podcast-shows';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';

/**
 * Which show an episode belongs to and its number there (numbers are unique per show).
 * The form holds what was chosen: `showId` null means "the first show", `episodeNumber` undefined
 * means "not typed", in which case the number follows the chosen show's next free one. An existing
 * episode starts with its show and number typed; the field's description names the next free
 * number so an editor can pick one that is not taken.
 */
export function useEpisodePlacement(podcast: Podcast | null, chosen: { showId: string | null; episodeNumber: number | undefined }) {
  const shows = useQuery(podcastShowQueries.list());
  const showId = chosen.showId ?? shows.data?.[0]?.id ?? null;
  const show = shows.data?.find((s) => s.id === showId);
  return {
    shows: shows.data,
    isLoading: shows.isPending,
    show,
    showId,
    /** What to send as `showId`: the chosen show on create; on edit, only when it changed. */
    showIdInput: podcast ? (chosen.showId !== podcast.showId ? (chosen.showId ?? undefined) : undefined) : (showId ?? undefined),
    episodeNumber: chosen.episodeNumber ?? show?.nextEpisodeNumber ?? Number.NaN,
  };
}

/** Where a new episode starts: no show chosen, no number typed; an edit keeps both. */
export function initialPlacement(podcast: Podcast | null) {
  return podcast
    ? { showId: podcast.showId as string | null, episodeNumber: (podcast.episodeNumber ?? Number.NaN) as number | undefined }
    : { showId: null as string | null, episodeNumber: undefined as number | undefined };
}

export type EpisodePlacement = ReturnType<typeof useEpisodePlacement>;

function nextNumberHint(show: PodcastShow | undefined): string | undefined {
  return show?.nextEpisodeNumber === undefined ? undefined : `Next free number in ${show.name}: ${show.nextEpisodeNumber}`;
}

/** The Show select; its errors (an unknown show) show under it by name (`showId`). */
export function ShowSelect({ placement, onChange }: { placement: EpisodePlacement; onChange: (key: Key | null) => void }) {
  const options = (placement.shows ?? []).map((s) => ({ id: s.id, label: s.name }));
  return (
    <Select
      label="Show"
      name="showId"
      options={options}
      value={placement.showId}
      onChange={onChange}
      isDisabled={!placement.shows}
      placeholder={placement.isLoading ? 'Loading shows…' : 'The default show'}
    />
  );
}

/**
 * Episode Number, with the next free number of the chosen show as its description. RAC's
 * NumberField does not point its input at a description slot, so the hint is linked by id.
 */
export function EpisodeNumberField({ placement, onChange }: { placement: EpisodePlacement; onChange: (value: number) => void }) {
  const hintId = useId();
  const hint = nextNumberHint(placement.show);
  return (
    <NumberField
      label="Episode Number"
      name="episodeNumber"
      minValue={1}
      step={1}
      // A number that names an episode, not a quantity: 1204, never "1,204".
      formatOptions={{ useGrouping: false }}
      value={placement.episodeNumber}
      onChange={onChange}
      aria-describedby={hint ? hintId : undefined}
      description={hint ? <span id={hintId}>{hint}</span> : undefined}
    />
  );
}
