import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ListeningItem } from '../../../contracts/listening';
import { listeningQueries } from '../../api/listening';
import { podcastQueries } from '../../api/podcasts';
import { Badge } from '../../components/Badge';
import { Button, LinkButton } from '../../components/Button';
import { PlayIcon } from '../../components/icons';
import { playEpisode } from './player';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { CardGridSkeleton } from '../../components/Skeleton';
import type { EpisodeDownload } from '../../offline/db';
import { storageSize } from '../../offline/storageBudget';
import { DownloadButton } from './DownloadButton';
import { downloadQueries } from './downloadQueries';
import { formatClock } from '../../lib/format';

// Drawn inside Saved, whose stylesheet gives its list the look of the Articles tab (saved-list, saved-item).

/** One row of the Episodes tab: a download on this device, a listening record, or both. */
interface EpisodeEntry {
  episodeId: string;
  title: string;
  show: string | null;
  download: EpisodeDownload | null;
  listening: ListeningItem | null;
}

/** Downloads (newest first), then episodes in progress that are not downloaded (latest listened first). */
export function episodeEntries(downloads: EpisodeDownload[], records: ListeningItem[], owner: string): EpisodeEntry[] {
  const byId = new Map(records.map((r) => [r.episodeId, r]));
  const own = downloads.filter((d) => d.owner === owner || d.owner === '');
  const downloaded = new Set(own.map((d) => d.episodeId));
  return [
    ...own.map((d) => ({ episodeId: d.episodeId, title: d.title, show: d.show, download: d, listening: byId.get(d.episodeId) ?? null })),
    ...records
      .filter((r) => !downloaded.has(r.episodeId) && !r.finished && r.positionSeconds > 0)
      .map((r) => ({ episodeId: r.episodeId, title: r.title, show: null, download: null, listening: r })),
  ];
}

/** Saved → Episodes: what is downloaded on this device and, for a member, what they are listening to. */
export function EpisodesSection({ userId }: { userId: string | null }) {
  const downloads = useQuery(downloadQueries.list());
  const listening = useQuery({ ...listeningQueries.list(), enabled: userId !== null });

  if (downloads.isPending) return <CardGridSkeleton count={2} label="Loading episodes" />;
  if (downloads.isError) return <EmptyState title="Downloads could not be read on this device." description="Your browser may be blocking site storage." />;

  const entries = episodeEntries(downloads.data, userId ? (listening.data ?? []) : [], userId ?? '');
  if (entries.length === 0) {
    return (
      <EmptyState
        title="No episodes yet."
        description="Download an episode to listen without a connection; episodes you are listening to show here too."
        action={<LinkButton to="/podcasts">Browse Podcasts</LinkButton>}
      />
    );
  }
  return (
    <ul className="saved-list" aria-label="Saved episodes">
      {entries.map((entry) => (
        <li key={entry.episodeId}>
          <EpisodeItem entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function EpisodeItem({ entry }: { entry: EpisodeEntry }) {
  const titleId = `episode-${entry.episodeId}`;
  const record = entry.listening;
  const duration = record?.durationSeconds ?? null;
  const percent = record && duration ? Math.min(100, Math.round((record.positionSeconds / duration) * 100)) : 0;
  return (
    <Card as="article" className="saved-item" aria-labelledby={titleId}>
      <div className="card__body">
        <p className="card__meta">
          {entry.show ? <span>{entry.show}</span> : null}
          <Badge tone={entry.download ? 'green' : 'neutral'}>{entry.download ? 'Downloaded' : 'Not downloaded'}</Badge>
          {entry.download ? <span>{storageSize(entry.download.bytes)}</span> : null}
        </p>
        <h2 className="card__title" id={titleId}>
          <Link to="/podcasts/$id" params={{ id: entry.episodeId }}>
            {entry.title}
          </Link>
        </h2>
        {record ? (
          <div className="saved-progress">
            <progress max={100} value={record.finished ? 100 : percent} aria-labelledby={`${titleId}-progress`} />
            <span id={`${titleId}-progress`}>
              {record.finished ? 'Finished' : duration ? `${formatClock(record.positionSeconds)} of ${formatClock(duration)}` : `At ${formatClock(record.positionSeconds)}`}
            </span>
          </div>
        ) : null}
        <div className="card__footer">
          {entry.download ? <PlayDownloaded download={entry.download} title={entry.title} episodeId={entry.episodeId} /> : null}
          {entry.download ? (
            <DownloadButton podcast={{ id: entry.episodeId, title: entry.title, show: entry.show ? { name: entry.show } : null, imageUrl: entry.download.imageUrl, audioUrl: entry.download.audioUrl, audioBytes: entry.download.bytes, audioType: null }} />
          ) : (
            <DownloadFromRecord episodeId={entry.episodeId} />
          )}
        </div>
      </div>
    </Card>
  );
}

/** An episode in progress, not downloaded: its details (audio file, size) come with the episode. */
function DownloadFromRecord({ episodeId }: { episodeId: string }) {
  const episode = useQuery(podcastQueries.detail(episodeId));
  return episode.data ? <DownloadButton podcast={episode.data} /> : null;
}

/** Plays a downloaded episode in the app's player (from this device's copy, online or not). */
function PlayDownloaded({ download, title, episodeId }: { download: EpisodeDownload; title: string; episodeId: string }) {
  const episode = { id: episodeId, title, show: download.show, imageUrl: download.imageUrl, audioUrl: download.audioUrl, duration: null };
  return (
    <Button size="sm" onPress={() => playEpisode(episode)} aria-label={`Play "${title}"`}>
      <PlayIcon />
      Play
    </Button>
  );
}
