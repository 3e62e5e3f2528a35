import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { DownloadIcon } from '../../components/icons';
import { storageSize } from '../../offline/storageBudget';
import { percentOf } from './downloadProgress';
import type { DownloadableEpisode } from './episodeDownloads';
import { saveDataOn, startDownload, useEpisodeDownload } from './useEpisodeDownload';
import './library.css';

/**
 * 'Download' for offline listening: then a progress bar ('Downloading 42 %') with Cancel, then
 * 'Downloaded' with Remove download. Nothing for an episode without an audio file on this site.
 */
export function DownloadButton({ podcast }: { podcast: DownloadableEpisode }) {
  const download = useEpisodeDownload(podcast);
  if (!podcast.audioUrl) return null;
  // Until the device answers, nothing is offered (the wrong label would flash).
  if (!download.known) return null;
  const title = podcast.title;

  if (download.progress) {
    const percent = percentOf(download.progress);
    const text = percent === null ? `Downloading ${storageSize(download.progress.received)}` : `Downloading ${percent} %`;
    return (
      <div className="episode-download" data-state="downloading">
        <div className="episode-download__progress">
          <progress max={100} value={percent ?? undefined} aria-label={`Downloading "${title}"`} />
          <span aria-live="polite">{text}</span>
        </div>
        <Button size="sm" variant="secondary" onPress={download.cancel} aria-label={`Cancel download of "${title}"`}>
          Cancel
        </Button>
      </div>
    );
  }

  if (download.downloaded) {
    return (
      <div className="episode-download" data-state="downloaded">
        <span className="episode-download__done">
          <DownloadIcon /> Downloaded
          <span className="visually-hidden"> "{title}"</span>
        </span>
        <Button size="sm" variant="secondary" isPending={download.removing} onPress={() => void download.remove()} aria-label={`Remove download of "${title}"`}>
          Remove download
        </Button>
      </div>
    );
  }

  return (
    <div className="episode-download" data-state="idle">
      <Button size="sm" variant="secondary" onPress={() => void download.start()} aria-label={`Download "${title}" for offline listening`}>
        <DownloadIcon />
        Download
      </Button>
      {download.message ? (
        <div className="episode-download__message" role="alert">
          <p>{download.message}</p>
          {download.askRoom ? (
            <div className="episode-download__actions">
              <Button size="sm" onPress={() => void download.start(true)} aria-label={`Download "${title}" anyway`}>
                Download anyway
              </Button>
              <Button size="sm" variant="ghost" onPress={download.dismiss}>
                Not now
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * 'Download Up Next' and the like: every episode in turn, one at a time. Under Save-Data the member
 * is asked first, with the total size.
 */
export function DownloadEpisodesButton({ episodes, label }: { episodes: DownloadableEpisode[]; label: string }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const playable = episodes.filter((e) => e.audioUrl);
  if (playable.length === 0) return null;
  const total = playable.reduce((sum, e) => sum + (e.audioBytes ?? 0), 0);

  const run = async () => {
    setAsking(false);
    setRunning(true);
    setMessage(null);
    try {
      const { getDownload } = await import('./episodeDownloads');
      for (const episode of playable) {
        if (await getDownload(episode.id)) continue;
        const result = await startDownload(episode, queryClient);
        if (!result.ok) {
          setMessage(result.message);
          break;
        }
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="episode-download">
      <Button size="sm" variant="secondary" isPending={running} onPress={() => (saveDataOn() ? setAsking(true) : void run())}>
        <DownloadIcon />
        {label}
      </Button>
      {asking ? (
        <div className="episode-download__message" role="alert">
          <p>
            Data saver is on. Download {playable.length} {playable.length === 1 ? 'episode' : 'episodes'} ({storageSize(total)}) now?
          </p>
          <div className="episode-download__actions">
            <Button size="sm" onPress={() => void run()}>
              Download
            </Button>
            <Button size="sm" variant="ghost" onPress={() => setAsking(false)}>
              Not now
            </Button>
          </div>
        </div>
      ) : null}
      {message ? (
        <p className="episode-download__message" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
