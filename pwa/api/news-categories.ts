import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NewsCategory, NewsCategoryCreateInput, NewsCategoryUpdateInput } from '../../contracts/admin';
import { apiFetch } from './client';
import { newsQueries } from './news';
import { podcastQueries } from './podcasts';

/*
 * News category writes (admins). The lists are newsCategoryQueries in ./news.ts, keyed
 * ['news-categories', { activeOnly }] and ['news-categories', { usedBy }].
 */

const newsCategoryListKey = ['news-categories'] as const;

const categoryPath = (id: string) => `/api/admin/news-categories/${encodeURIComponent(id)}`;

export function createNewsCategory(input: z.input<typeof NewsCategoryCreateInput>): Promise<NewsCategory> {
  return apiFetch<NewsCategory>('/api/admin/news-categories', { method: 'POST', body: input });
}

/** Partial: the list's switch sends `{ isActive }` alone. */
export function updateNewsCategory(id: string, input: z.input<typeof NewsCategoryUpdateInput>): Promise<NewsCategory> {
  return apiFetch<NewsCategory>(categoryPath(id), { method: 'PATCH', body: input });
}

export function deleteNewsCategory(id: string): Promise<unknown> {
  return apiFetch<unknown>(categoryPath(id), { method: 'DELETE' });
}

/** A category written: both category lists, and the article and episode answers, which embed category names and colours. */
export function invalidateNewsCategories(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: newsCategoryListKey }),
    queryClient.invalidateQueries({ queryKey: newsQueries.all() }),
    queryClient.invalidateQueries({ queryKey: podcastQueries.all() }),
  ]);
}
