import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AdminContentBulkInput, AdminContentBulkResult, AdminContentPage, AdminContentKind, AdminContentSort, AdminContentTab } from '../../contracts/admin-content';
import { apiFetch } from './client';
import { invalidateNews } from './news';
import { invalidatePodcasts } from './podcasts';

/** The admin's content table: what /admin/content's search params hold, the same names as the API's. */
export interface AdminContentParams {
  kind: AdminContentKind;
  status: AdminContentTab;
  q?: string;
  category?: string;
  show?: string;
  author?: string;
  sort: AdminContentSort;
  page: number;
}

/** `kind=article&status=draft&…`: only the parameters that are set, in one order (one key, one URL). */
export function adminContentSearch(params: AdminContentParams): string {
  const search = new URLSearchParams({ kind: params.kind, status: params.status, sort: params.sort, page: String(params.page) });
  for (const name of ['q', 'category', 'show', 'author'] as const) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  return search.toString();
}

/** Keys mirror the path: ['admin', 'content', params]; every write invalidates ['admin', 'content']. */
export const adminContentQueries = {
  all: () => ['admin', 'content'] as const,
  page: (params: AdminContentParams) =>
    queryOptions({
      queryKey: ['admin', 'content', params],
      queryFn: ({ signal }) => apiFetch<AdminContentPage>(`/api/admin/content?${adminContentSearch(params)}`, { signal }),
      // The table keeps the last page on screen while the next tab, page or search loads.
      placeholderData: keepPreviousData,
    }),
};

/** POST /api/admin/content/bulk: one action on up to 100 items, all or nothing. */
export function bulkContentAction(input: AdminContentBulkInput): Promise<AdminContentBulkResult> {
  return apiFetch<AdminContentBulkResult>('/api/admin/content/bulk', { method: 'POST', body: input });
}

/**
 * A bulk action changed items' status, archive flag or existence: the admin's tables, every public
 * list of that kind and the items' own entries refetch (only when shown; a deleted one then says so).
 */
export async function invalidateAdminContent(queryClient: QueryClient, kind: AdminContentKind, ids: readonly string[]): Promise<void> {
  const resource = kind === 'article' ? 'news' : 'podcasts';
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminContentQueries.all() }),
    kind === 'article' ? invalidateNews(queryClient) : invalidatePodcasts(queryClient),
    ...ids.map((id) => queryClient.invalidateQueries({ queryKey: [resource, id] })),
  ]);
}
