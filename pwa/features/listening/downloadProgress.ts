import { useSyncExternalStore } from 'react';

/*
 * Downloads under way in this page: their progress and how to cancel them. Kept outside React so a
 * download goes on while the member moves between pages, and any button for the same episode shows it.
 */

export interface ActiveDownload {
  received: number;
  total: number | null;
  controller: AbortController;
}

const active = new Map<string, ActiveDownload>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function startProgress(episodeId: string, controller: AbortController): void {
  active.set(episodeId, { received: 0, total: null, controller });
  notify();
}

/** Told every chunk; the bar moves by whole percents, so screens re-render about a hundred times a download. */
export function reportProgress(episodeId: string, received: number, total: number | null): void {
  const current = active.get(episodeId);
  if (!current) return;
  const step = (bytes: number) => (total ? Math.floor((bytes / total) * 100) : Math.floor(bytes / 1_000_000));
  if (current.total === total && step(current.received) === step(received)) {
    current.received = received;
    return;
  }
  active.set(episodeId, { ...current, received, total });
  notify();
}

export function endProgress(episodeId: string): void {
  if (active.delete(episodeId)) notify();
}

export function cancelDownload(episodeId: string): void {
  active.get(episodeId)?.controller.abort();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The episode's download under way, or undefined. */
export function useDownloadProgress(episodeId: string): ActiveDownload | undefined {
  return useSyncExternalStore(subscribe, () => active.get(episodeId), () => undefined);
}

/** The whole percent downloaded, null when the size is not known. */
export const percentOf = (progress: Pick<ActiveDownload, 'received' | 'total'>) =>
  progress.total ? Math.min(100, Math.floor((progress.received / progress.total) * 100)) : null;
