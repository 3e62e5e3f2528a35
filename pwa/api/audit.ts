import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditEntry, AuditList } from '../../contracts/audit';
import { apiFetchPage, type ListPage } from './client';

/*
 * The audit log (admins only): GET /api/admin/audit, newest first, a page at a time by
 * `X-Next-Cursor`. Read only: the entries are written by the server with each change, so nothing
 * here invalidates them; the list is stale at once, so each visit asks again.
 */

export interface AuditFilters {
  /** One action, or a group's prefix ending in a dot (`user.`). */
  action?: string;
  /** The acting member's id. */
  actor?: string;
  /** Whole days (YYYY-MM-DD, UTC), both inclusive. */
  from?: string;
  to?: string;
}

function listPath(filters: AuditFilters, cursor: string | null): string {
  const search = new URLSearchParams();
  for (const key of ['action', 'actor', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return `/api/admin/audit${query ? `?${query}` : ''}`;
}

export const auditQueries = {
  list: (filters: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: ['admin', 'audit', filters],
      queryFn: ({ pageParam, signal }) =>
        apiFetchPage<AuditEntry, AuditList>(listPath(filters, pageParam), { signal, itemsOf: (body) => body.entries }),
      initialPageParam: null as string | null,
      getNextPageParam: (last: ListPage<AuditEntry>) => last.nextCursor,
      staleTime: 0,
    }),
};
