import { queryOptions } from '@tanstack/react-query';
import { LIMITS } from '../../contracts/constants';
import type { NewsCategory } from '../../contracts/admin';
import type { Article, Comment } from '../../contracts/news';
import { apiFetch } from './client';

export interface ContentListParams {
  /** Category ids; an item matches when it has any of them. */
  categories?: readonly string[];
  archivedOnly?: boolean;
}

/** `?limit=50[&categories=a,b][&archivedOnly=true]` for GET /api/news and /api/podcasts. */
export function contentListSearch({ categories, archivedOnly }: ContentListParams): string {
  const search = new URLSearchParams({ limit: String(LIMITS.pageSize) });
  if (categories?.length) search.set('categories', categories.join(','));
  if (archivedOnly) search.set('archivedOnly', 'true');
  return search.toString();
}

/** Keys mirror the API path: ['news', params] for the list; mutations invalidate ['news']. */
export const newsQueries = {
  all: () => ['news'] as const,
  list: (params: ContentListParams = {}) =>
    queryOptions({
      queryKey: ['news', { categories: params.categories ?? [], archivedOnly: params.archivedOnly ?? false }],
      queryFn: ({ signal }) => apiFetch<Article[]>(`/api/news?${contentListSearch(params)}`, { signal }),
    }),
  /**
   * Prefix of every list key (any params). Query filters match objects partially, so `{}` matches
   * each list's params object but not the string id of ['news', id] or ['news', id, 'comments'].
   */
  lists: () => ['news', {}] as const,
  /** GET /api/news/{id}; 404 for a missing article or a draft the viewer may not see. */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['news', id],
      queryFn: ({ signal }) => apiFetch<Article>(`/api/news/${encodeURIComponent(id)}`, { signal }),
    }),
  /** GET /api/news/{id}/comments: oldest first, the first page (200) only. */
  comments: (id: string) =>
    queryOptions({
      queryKey: ['news', id, 'comments'],
      queryFn: ({ signal }) => apiFetch<Comment[]>(`/api/news/${encodeURIComponent(id)}/comments`, { signal }),
    }),
};

/** GET /api/news-categories[?activeOnly=true]; keys mirror the path. */
export const newsCategoryQueries = {
  list: ({ activeOnly = false }: { activeOnly?: boolean } = {}) =>
    queryOptions({
      queryKey: ['news-categories', { activeOnly }],
      queryFn: ({ signal }) =>
        apiFetch<NewsCategory[]>(`/api/news-categories${activeOnly ? '?activeOnly=true' : ''}`, { signal }),
    }),
};
