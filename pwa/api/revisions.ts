import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Article } from '../../contracts/news';
import type { Podcast } from '../../contracts/podcasts';
import type { Revision, RevisionSummary } from '../../contracts/revisions';
import { apiFetch } from './client';

/*
 * Revisions of an article or episode (editors and admins): the list, one revision's fields, and
 * restoring one. Never kept on the device (offline/store.ts leaves `/revisions` paths out).
 */

export type RevisionKind = 'news' | 'podcasts';

const revisionsPath = (kind: RevisionKind, id: string) => `/api/${kind}/${encodeURIComponent(id)}/revisions`;

export const revisionQueries = {
  list: (kind: RevisionKind, id: string) =>
    queryOptions({
      queryKey: [kind, id, 'revisions'],
      queryFn: ({ signal }) => apiFetch<RevisionSummary[]>(revisionsPath(kind, id), { signal }),
    }),
  one: (kind: RevisionKind, id: string, revisionId: string) =>
    queryOptions({
      queryKey: [kind, id, 'revisions', revisionId],
      queryFn: ({ signal }) => apiFetch<Revision>(`${revisionsPath(kind, id)}/${encodeURIComponent(revisionId)}`, { signal }),
      // A revision never changes once written.
      staleTime: Infinity,
    }),
};

/** POST …/revisions/{revisionId}/restore: the item as it now is (the restored fields). */
export function restoreRevision<K extends RevisionKind>(kind: K, id: string, revisionId: string): Promise<K extends 'news' ? Article : Podcast> {
  return apiFetch(`${revisionsPath(kind, id)}/${encodeURIComponent(revisionId)}/restore`, { method: 'POST' });
}

/** A save or a restore added a revision: the item's list is refetched. */
export function invalidateRevisions(queryClient: QueryClient, kind: RevisionKind, id: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [kind, id, 'revisions'] });
}
