import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { LIMITS } from '../../contracts/constants';
import type { NewsCategory } from '../../contracts/admin';
import type { ContentStatus } from '../../contracts/common';
import type { Article, ArticleCreateInput, ArticlePatchInput, ArticlePutInput, ArticleSummary } from '../../contracts/news';
import { apiFetch, apiFetchPage, type ListPage } from './client';
import { commentQueries } from './comments';
import { articlePath, NEWS_PATH } from './paths';

export interface ContentListParams {
  /** Category ids; an item matches when it has any of them. */
  categories?: readonly string[];
  archivedOnly?: boolean;
}

/**
 * Items per page of the paged lists (/news, /podcasts): 12 fills whole rows in the 1-, 2-, 3- and
 * 4-column grids, is the spec's 'Load More' step (multiples of 12), and keeps a phone's first page
 * light.
 */
export const LIST_PAGE_SIZE = 12;

/** Cards in each of the home page's showcases (spec 2 and 3). */
export const SHOWCASE_SIZE = 3;

/** `?limit=50[&categories=a,b][&archivedOnly=true][&before=cursor]` for GET /api/news and /api/podcasts. */
export function contentListSearch({ categories, archivedOnly }: ContentListParams, page?: { limit: number; before: string | null }): string {
  const search = new URLSearchParams({ limit: String(page?.limit ?? LIMITS.pageSize) });
  if (categories?.length) search.set('categories', categories.join(','));
  if (archivedOnly) search.set('archivedOnly', 'true');
  if (page?.before) search.set('before', page.before);
  return search.toString();
}

/** The list's params as they appear in its query key (one spelling for one list). */
export const listKeyParams = (params: ContentListParams) => ({ categories: params.categories ?? [], archivedOnly: params.archivedOnly ?? false });

/**
 * A paged list as an infinite query: page 1 first, each 'Load more' asks for the page after the
 * last one's cursor. The key adds `pageSize`, so it never meets the plain list's key (another
 * shape of data) while `lists()` still matches both. Every page goes through the offline store under
 * its own path, so the pages a reader loaded are there offline too.
 */
export function pagedContentList<T>(resource: 'news' | 'podcasts', params: ContentListParams, filters: Record<string, string> = {}) {
  return infiniteQueryOptions({
    // `filters`: a resource's own query parameters (an episode list's `show`), in the key and the URL alike.
    queryKey: [resource, { ...listKeyParams(params), ...filters, pageSize: LIST_PAGE_SIZE }] as const,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams(contentListSearch(params, { limit: LIST_PAGE_SIZE, before: pageParam }));
      for (const [name, value] of Object.entries(filters)) search.set(name, value);
      return apiFetchPage<T>(`/api/${resource}?${search}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<T>) => last.nextCursor,
    // Kept a while after the list is left, so Back finds every page loaded and its scroll position.
    gcTime: 30 * 60_000,
  });
}

/**
 * The card screens (/news, the home showcase) ask for `view=card`: each article's summary and
 * reading time instead of its whole text, so a page of 12 is little JSON to parse, keep
 * and hydrate (docs/performance.md, "Lists without bodies"). In the key too: another shape of data.
 */
const CARD_VIEW = { view: 'card' } as const;

/** Keys mirror the API path: ['news', params] for the list; mutations invalidate ['news']. */
export const newsQueries = {
  all: () => ['news'] as const,
  list: (params: ContentListParams = {}) =>
    queryOptions({
      queryKey: ['news', listKeyParams(params)],
      queryFn: ({ signal }) => apiFetch<Article[]>(`${NEWS_PATH}?${contentListSearch(params)}`, { signal }),
    }),
  /**
   * The home page's showcase (spec 2): the featured articles and the newest few, each a short list
   * (docs/performance.md, "Home showcase"). Keys under `lists()`, so every list invalidation reaches them.
   */
  featured: () =>
    queryOptions({
      queryKey: ['news', { featured: true, limit: SHOWCASE_SIZE, ...CARD_VIEW }],
      queryFn: ({ signal }) => apiFetch<ArticleSummary[]>(`${NEWS_PATH}/featured?limit=${SHOWCASE_SIZE}&view=card`, { signal }),
    }),
  latest: () =>
    queryOptions({
      queryKey: ['news', { ...listKeyParams({}), limit: SHOWCASE_SIZE, ...CARD_VIEW }],
      queryFn: ({ signal }) => apiFetch<ArticleSummary[]>(`${NEWS_PATH}?limit=${SHOWCASE_SIZE}&view=card`, { signal }),
    }),
  /** /news: the list, LIST_PAGE_SIZE articles at a time ('Load more'), as cards. */
  pages: (params: ContentListParams = {}) => pagedContentList<ArticleSummary>('news', params, CARD_VIEW),
  /**
   * Prefix of every list key (any params). Query filters match objects partially, so `{}` matches
   * each list's params object but not the string id of ['news', id] or ['news', id, 'comments'].
   */
  lists: () => ['news', {}] as const,
  /** GET /api/news/{id}; 404 for a missing article or a draft the viewer may not see. */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['news', id],
      queryFn: ({ signal }) => apiFetch<Article>(articlePath(id), { signal }),
    }),
  /** GET /api/news/{id}/comments: oldest first, the first page (200) only. */
  comments: (id: string) => commentQueries.list('news', id),
};

/** POST /api/news: the editor's new article (the form sends the schema's parsed output). */
export function createArticle(input: ArticleCreateInput): Promise<Article> {
  return apiFetch<Article>(NEWS_PATH, { method: 'POST', body: input });
}

/** PATCH /api/news/{id}: the editor page sends the fields it changed. */
export function updateArticle(id: string, input: ArticlePatchInput): Promise<Article> {
  return apiFetch<Article>(articlePath(id), { method: 'PATCH', body: input });
}

/** PUT /api/news/{id}: the article page's Edit Article dialog sends the whole form. */
export function replaceArticle(id: string, input: z.input<typeof ArticlePutInput>): Promise<Article> {
  return apiFetch<Article>(articlePath(id), { method: 'PUT', body: input });
}

export function deleteArticle(id: string): Promise<unknown> {
  return apiFetch<unknown>(articlePath(id), { method: 'DELETE' });
}

/** Publish or set back to draft. */
export function setArticleStatus(id: string, status: ContentStatus): Promise<Article> {
  return apiFetch<Article>(`${articlePath(id)}/status`, { method: 'PATCH', body: { status } });
}

/** Moves the article between the Active and Archive tabs. */
export function setArticleArchived(id: string, isArchived: boolean): Promise<Article> {
  return apiFetch<Article>(`${articlePath(id)}/archive`, { method: 'PATCH', body: { isArchived } });
}

/**
 * An article written: every list that shows it (or no longer does) refetches. With `saved`, the
 * server's answer replaces the article's own entry at once (['news', id]: no refetch needed).
 */
export async function invalidateNews(queryClient: QueryClient, saved?: Article): Promise<void> {
  if (saved) queryClient.setQueryData(newsQueries.detail(saved.id).queryKey, saved);
  await queryClient.invalidateQueries({ queryKey: newsQueries.lists() });
}

/**
 * Drops a deleted article's or episode's entries ([kind, id], an article's comments with it). Called
 * once its page has been left: while a page still shows the item, a dropped entry would be
 * refetched, and 404.
 */
export function forgetDeleted(queryClient: QueryClient, kind: 'news' | 'podcasts', id: string): void {
  queryClient.removeQueries({ queryKey: [kind, id] });
}

/** GET /api/news-categories[?activeOnly=true][&usedBy=news|podcasts]; keys mirror the path. */
export const newsCategoryQueries = {
  list: ({ activeOnly = false }: { activeOnly?: boolean } = {}) =>
    queryOptions({
      queryKey: ['news-categories', { activeOnly }],
      queryFn: ({ signal }) =>
        apiFetch<NewsCategory[]>(`/api/news-categories${activeOnly ? '?activeOnly=true' : ''}`, { signal }),
    }),
  /**
   * The categories that published articles (or episodes) carry, in display order: the filter chips
   * of a paged list, which cannot gather them from the items it has loaded so far.
   */
  usedBy: (usedBy: 'news' | 'podcasts') =>
    queryOptions({
      queryKey: ['news-categories', { usedBy }],
      queryFn: ({ signal }) => apiFetch<NewsCategory[]>(`/api/news-categories?usedBy=${usedBy}`, { signal }),
    }),
};
