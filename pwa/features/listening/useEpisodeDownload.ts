import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListeningItem } from '../../../contracts/listening';
import { listeningQueries } from '../../api/listening';
import { ownerId } from '../../session/session';
import { downloadQueries, invalidateDownloads } from './downloadQueries';
import type { DownloadableEpisode } from './episodeDownloads';
import { refreshDownloaded } from './player';
import { cancelDownload, endProgress, reportProgress, startProgress, useDownloadProgress } from './downloadProgress';

const load = () => import('./episodeDownloads');

/** The browser says the member asked to save data (Save-Data): nothing is downloaded without asking. */
export function saveDataOn(): boolean {
  return (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection?.saveData === true;
}

/** Episodes the member finished, from their listening records (none for a visitor or before they load). */
function finishedEpisodes(queryClient: QueryClient): Set<string> {
  const records = queryClient.getQueryData<ListeningItem[]>(listeningQueries.list().queryKey) ?? [];
  return new Set(records.filter((r) => r.finished).map((r) => r.episodeId));
}

export type StartResult = { ok: true } | { ok: false; reason: string; message: string };

/** Downloads one episode with progress shown wherever its button is; settles with what happened. */
export async function startDownload(episode: DownloadableEpisode, queryClient: QueryClient, overBudget = false): Promise<StartResult> {
  const controller = new AbortController();
  const owner = ownerId();
  startProgress(episode.id, controller);
  try {
    const { downloadEpisode } = await load();
    await downloadEpisode(episode, {
      owner,
      isOwner: () => ownerId() === owner,
      signal: controller.signal,
      finished: finishedEpisodes(queryClient),
      overBudget,
      onProgress: (received, total) => reportProgress(episode.id, received, total),
    });
    return { ok: true };
  } catch (error) {
    const { DownloadError } = await load();
    if (error instanceof DownloadError) return { ok: false, reason: error.reason, message: error.message };
    console.warn('Episode download', error);
    return { ok: false, reason: 'failed', message: 'The episode could not be downloaded. Try again later.' };
  } finally {
    endProgress(episode.id);
    await Promise.all([invalidateDownloads(queryClient), refreshDownloaded()]);
  }
}

/** One episode's download: its state, and Download / Cancel / Remove. */
export function useEpisodeDownload(episode: DownloadableEpisode) {
  const queryClient = useQueryClient();
  const stored = useQuery(downloadQueries.one(episode.id));
  const progress = useDownloadProgress(episode.id);
  const [message, setMessage] = useState<string | null>(null);
  const [askRoom, setAskRoom] = useState(false);
  const [removing, setRemoving] = useState(false);

  const start = async (overBudget = false) => {
    setMessage(null);
    setAskRoom(false);
    const result = await startDownload(episode, queryClient, overBudget);
    if (result.ok) return;
    if (result.reason === 'no-room') setAskRoom(true);
    setMessage(result.message);
  };
  const remove = async () => {
    setRemoving(true);
    try {
      await (await load()).removeDownload(episode.id);
      await Promise.all([invalidateDownloads(queryClient), refreshDownloaded()]);
    } finally {
      setRemoving(false);
    }
  };

  return {
    downloaded: stored.data ?? null,
    known: stored.data !== undefined,
    progress,
    message,
    askRoom,
    removing,
    start,
    cancel: () => cancelDownload(episode.id),
    remove,
    dismiss: () => {
      setAskRoom(false);
      setMessage(null);
    },
  };
}
