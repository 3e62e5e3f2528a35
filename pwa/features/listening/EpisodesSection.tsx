import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ListeningItem } from '../../../contracts/listening';
import { listeningQueries } from '../../api/listening';
import { podcastQueries } from '../../api/podcasts';
import { Button, LinkButton } from '../../components/Button';
import { PlayIcon } from '../../components/icons';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { CardGridSkeleton } from '../../components/Skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import type { EpisodeDownload } from '../../offline/db';
import { storageSize } from '../../offline/storageBudget';
import { formatClock } from '../../lib/format';
import { DownloadButton } from './DownloadButton';
import { downloadQueries } from './downloadQueries';
import { downloadEntries, inProgressEntries, type LibraryEntry } from './logic';
import { loadPositions, playEpisode, usePlayerSelect } from './player';

// Drawn inside Saved, whose stylesheet gives its items the look of the Articles tab (saved-item).

type Entry = LibraryEntry<EpisodeDownload>;
const NO_RECORDS: ListeningItem[] = [];

/**
 * Saved → Episodes, in two views: Downloads (what plays on this device without a connection) and
 * In progress (started and not finished: this device's positions and, for a member, every device's).
 * Each row says the episode's length, where the listener is, and the download's size.
 */
export function EpisodesSection({ userId }: { userId: string | null }) {
  const downloads = useQuery(downloadQueries.list());
  const listening = useQuery({ ...listeningQueries.list(), enabled: userId !== null });
  const local = usePlayerSelect((s) => s.positions);
  useEffect(() => {
    void loadPositions();
  }, []);

  if (downloads.isPending) return <CardGridSkeleton count={2} label="Loading episodes" />;
  if (downloads.isError) return <EmptyState title="Downloads could not be read on this device." description="Your browser may be blocking site storage." />;

  const records = userId ? (listening.data ?? NO_RECORDS) : NO_RECORDS;
  const owner = userId ?? '';
  const downloaded = downloadEntries(downloads.data, records, local, owner);
  const started = inProgressEntries(downloads.data, records, local, owner);
  return (
    <Tabs className="episode-views" defaultSelectedKey="downloads">
      <TabList aria-label="Episodes">
        <Tab id="downloads">Downloads</Tab>
        <Tab id="in-progress">In progress</Tab>
      </TabList>
      <TabPanel id="downloads">
        {downloaded.length === 0 ? (
          <EmptyState
            title="No downloads yet."
            description="Download an episode to listen without a connection: it shows here with its size."
            action={<LinkButton to="/podcasts">Browse Podcasts</LinkButton>}
          />
        ) : (
          <EpisodeList label="Downloads" entries={downloaded} />
        )}
      </TabPanel>
      <TabPanel id="in-progress">
        {started.length === 0 ? (
          <EmptyState
            title="Nothing in progress."
            description={
              userId ? 'Episodes you have started and not finished, on any of your devices, show here.' : 'Episodes you have started on this device and not finished show here.'
            }
            action={<LinkButton to="/podcasts">Browse Podcasts</LinkButton>}
          />
        ) : (
          <EpisodeList label="In progress" entries={started} />
        )}
      </TabPanel>
    </Tabs>
  );
}

function EpisodeList({ label, entries }: { label: string; entries: Entry[] }) {
  return (
    <ul className="grid-list" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.episodeId}>
          <EpisodeItem entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function EpisodeItem({ entry }: { entry: Entry }) {
  const titleId = `episode-${entry.episodeId}`;
  const { position, duration, download } = entry;
  const finished = position?.finished ?? false;
  const percent = position && duration ? Math.min(100, Math.round((position.positionSeconds / duration) * 100)) : 0;
  return (
    <Card as="article" className="saved-item" aria-labelledby={titleId}>
      <div className="card__body">
        <p className="card__meta">
          {entry.show ? <span>{entry.show}</span> : null}
          {duration != null ? (
            <span>
              <span className="visually-hidden">Length </span>
              {formatClock(duration)}
            </span>
          ) : null}
          {/* The size only: the download button below says "Downloaded", once. */}
          {download ? (
            <span>
              <span className="visually-hidden">Size </span>
              {storageSize(download.bytes)}
            </span>
          ) : null}
        </p>
        <h2 className="card__title" id={titleId}>
          <Link to="/podcasts/$id" params={{ id: entry.episodeId }}>
            {entry.title}
          </Link>
        </h2>
        {position && position.positionSeconds > 0 ? (
          <div className="saved-progress">
            <progress max={100} value={finished ? 100 : percent} aria-labelledby={`${titleId}-progress`} />
            <span id={`${titleId}-progress`}>
              {finished ? 'Finished' : duration ? `${formatClock(position.positionSeconds)} of ${formatClock(duration)}` : `At ${formatClock(position.positionSeconds)}`}
            </span>
          </div>
        ) : null}
        <div className="card__footer">
          {download ? (
            <>
              <PlayDownloaded download={download} entry={entry} />
              <DownloadButton
                podcast={{
                  id: entry.episodeId,
                  title: entry.title,
                  show: entry.show ? { name: entry.show } : null,
                  imageUrl: download.imageUrl,
                  audioUrl: download.audioUrl,
                  audioBytes: download.bytes,
                  audioType: null,
                  duration,
                }}
              />
            </>
          ) : (
            <FromEpisode episodeId={entry.episodeId} />
          )}
        </div>
      </div>
    </Card>
  );
}

/** An episode in progress, not downloaded: Play and Download need its details (audio file, size). */
function FromEpisode({ episodeId }: { episodeId: string }) {
  const episode = useQuery(podcastQueries.detail(episodeId));
  if (!episode.data?.audioUrl) return null;
  const podcast = episode.data;
  return (
    <>
      <Button size="sm" onPress={() => playEpisode(podcast)} aria-label={`Play "${podcast.title}"`}>
        <PlayIcon />
        Play
      </Button>
      <DownloadButton podcast={podcast} />
    </>
  );
}

/** Plays a downloaded episode in the app's player (from this device's copy, online or not). */
function PlayDownloaded({ download, entry }: { download: EpisodeDownload; entry: Entry }) {
  const episode = { id: entry.episodeId, title: entry.title, show: download.show, imageUrl: download.imageUrl, audioUrl: download.audioUrl, duration: entry.duration };
  return (
    <Button size="sm" onPress={() => playEpisode(episode)} aria-label={`Play "${entry.title}"`}>
      <PlayIcon />
      Play
    </Button>
  );
}
