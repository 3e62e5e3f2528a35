import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PlainButton } from '../../components/PlainButton';
import { DownloadIcon } from '../../components/icons';
import { storageSize } from '../../offline/storageBudget';
import { percentOf } from './downloadProgress';
import type { DownloadableEpisode } from './episodeDownloads';
import { saveDataOn, startDownload, useEpisodeDownload } from './useEpisodeDownload';
import './downloads.css';

/**
 * 'Download' for offline listening: then a progress bar ('Downloading 42 %') with Cancel, then
 * 'Downloaded' with Remove download. Nothing for an episode without an audio file on this site.
 * `compact` (cards): the idle and downloaded states are icon buttons, named for the episode.
 */
export function DownloadButton({ podcast, compact = false }: { podcast: DownloadableEpisode; compact?: boolean }) {
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
        <PlainButton size="sm" variant="secondary" onPress={download.cancel} aria-label={`Cancel download of "${title}"`}>
          Cancel
        </PlainButton>
      </div>
    );
  }

  if (download.downloaded && compact) {
    return (
      <PlainButton
        size="icon"
        variant="ghost"
        className="episode-download__done-icon"
        isPending={download.removing}
        onPress={() => void download.remove()}
        aria-label={`Downloaded: remove the download of "${title}"`}
      >
        <DownloadIcon />
      </PlainButton>
    );
  }

  if (download.downloaded) {
    return (
      <div className="episode-download" data-state="downloaded">
        <span className="episode-download__done">
          <DownloadIcon /> Downloaded
          <span className="visually-hidden"> "{title}"</span>
        </span>
        <PlainButton size="sm" variant="secondary" isPending={download.removing} onPress={() => void download.remove()} aria-label={`Remove download of "${title}"`}>
          Remove download
        </PlainButton>
      </div>
    );
  }

  return (
    <div className="episode-download" data-state="idle">
      <PlainButton
        size={compact ? 'icon' : 'sm'}
        variant={compact ? 'ghost' : 'secondary'}
        onPress={() => void download.start()}
        aria-label={`Download "${title}" for offline listening`}
      >
        <DownloadIcon />
        {compact ? null : 'Download'}
      </PlainButton>
      {download.message ? (
        <div className="episode-download__message" role="alert">
          <p>{download.message}</p>
          {download.askRoom ? (
            <div className="episode-download__actions">
              <PlainButton size="sm" onPress={() => void download.start(true)} aria-label={`Download "${title}" anyway`}>
                Download anyway
              </PlainButton>
              <PlainButton size="sm" variant="ghost" onPress={download.dismiss}>
                Not now
              </PlainButton>
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
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const playable = episodes.filter((e) => e.audioUrl);
  if (playable.length === 0) return null;
  const total = playable.reduce((sum, e) => sum + (e.audioBytes ?? 0), 0);

  const run = async () => {
    setAsking(false);
    setRunning(true);
    setOutcome(null);
    try {
      const { getDownload } = await import('./episodeDownloads');
      let done = 0;
      for (const episode of playable) {
        if (!(await getDownload(episode.id))) {
          const result = await startDownload(episode, queryClient);
          if (!result.ok) {
            setOutcome({ text: result.message, failed: true });
            return;
          }
        }
        done++;
      }
      // Said when it is over: the member may have looked away while one file after another came in.
      setOutcome({ text: done === 1 ? 'Downloaded for offline listening.' : `All ${done} downloaded for offline listening.`, failed: false });
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="episode-download">
      <PlainButton size="sm" variant="secondary" isPending={running} onPress={() => (saveDataOn() ? setAsking(true) : void run())}>
        <DownloadIcon />
        {label}
      </PlainButton>
      {asking ? (
        <div className="episode-download__message" role="alert">
          <p>
            Data saver is on. Download {playable.length} {playable.length === 1 ? 'episode' : 'episodes'} ({storageSize(total)}) now?
          </p>
          <div className="episode-download__actions">
            <PlainButton size="sm" onPress={() => void run()}>
              Download
            </PlainButton>
            <PlainButton size="sm" variant="ghost" onPress={() => setAsking(false)}>
              Not now
            </PlainButton>
          </div>
        </div>
      ) : null}
      {outcome ? (
        <p className="episode-download__message" role={outcome.failed ? 'alert' : 'status'}>
          {outcome.text}
        </p>
      ) : null}
    </div>
  );
}
