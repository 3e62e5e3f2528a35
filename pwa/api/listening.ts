import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ListeningInput, ListeningItem } from '../../contracts/listening';
import { apiFetch } from './client';
import { LISTENING_PATH, listeningPath } from './paths';

/**
 * The signed-in member's listening records (docs/offline.md, "Listening across devices"): where they
 * are in each episode, on any device. Reads go through the offline store like every GET; writes go
 * through the outbox (kind 'listening'), each with the device time of the change.
 */
export const listeningQueries = {
  all: () => ['listening'] as const,
  /** The newest records first (one page: what "Continue" and the library show). */
  list: () => queryOptions({ queryKey: ['listening', 'list'], queryFn: () => apiFetch<ListeningItem[]>(`${LISTENING_PATH}?limit=50`), staleTime: 5_000 }),
};

/** A listening write's request, as an outbox item carries it. */
export const listeningWrite = (episodeId: string, body: ListeningInput) => ({ method: 'PUT' as const, path: listeningPath(episodeId), body });

/** After a listening write was sent or replayed (pwa/outbox/kinds.ts). */
export function invalidateListening(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: listeningQueries.all() });
}
