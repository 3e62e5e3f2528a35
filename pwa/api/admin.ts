import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MenuSetting, RebuildPreview, SeedDatabaseResponse } from '../../contracts/admin';
import type { Discussion } from '../../contracts/forums';
import type { Article } from '../../contracts/news';
import type { Podcast } from '../../contracts/podcasts';
import { apiFetch } from './client';
import { discussionListsFilter } from './forums';
import type { MenuKey } from './menu';
import { newsQueries } from './news';
import { articlePath, discussionPath, podcastPath } from './paths';
import { podcastQueries } from './podcasts';

/*
 * Admin writes without a list of their own: the sample-data rebuild, menu visibility (the list is
 * menuQueries.settings, key ['menu-settings']) and the Main Page panel's featured switches (the
 * lists are the news, podcast and discussion lists).
 */

/**
 * POST /api/admin/seed-database {force, confirmName}: force replaces the content with fresh sample
 * data once the typed site name matches; the answer names the backup written first.
 */
export function seedDatabase(force: boolean, confirmName?: string): Promise<SeedDatabaseResponse> {
  return apiFetch<SeedDatabaseResponse>('/api/admin/seed-database', { method: 'POST', body: { force, confirmName } });
}

export const rebuildQueries = {
  /** GET /api/admin/seed-database: what a rebuild would delete (counts) and the site name to type. Asked fresh each time the dialog opens. */
  preview: () =>
    queryOptions({
      queryKey: ['admin', 'seed-database'],
      queryFn: ({ signal }) => apiFetch<RebuildPreview>('/api/admin/seed-database', { signal }),
      staleTime: 0,
      gcTime: 0,
    }),
};

/** PATCH /api/admin/menu-settings/{menuKey}. */
export function setMenuVisibility(menuKey: MenuKey, isVisible: boolean): Promise<MenuSetting> {
  return apiFetch<MenuSetting>(`/api/admin/menu-settings/${encodeURIComponent(menuKey)}`, { method: 'PATCH', body: { isVisible } });
}

export type FeaturableKind = 'news' | 'podcasts' | 'discussions';

interface FeaturedItemTypes {
  news: Article;
  podcasts: Podcast;
  discussions: Discussion;
}

const ITEM_PATHS: Record<FeaturableKind, (id: string) => string> = {
  news: articlePath,
  podcasts: podcastPath,
  discussions: discussionPath,
};

/** PATCH …/{id}/featured {isFeatured} for an article, an episode or a discussion. */
export function setFeatured<K extends FeaturableKind>(kind: K, id: string, isFeatured: boolean): Promise<FeaturedItemTypes[K]> {
  return apiFetch<FeaturedItemTypes[K]>(`${ITEM_PATHS[kind](id)}/featured`, {
    method: 'PATCH',
    body: { isFeatured },
  });
}

/** A featured switch: that kind's answers refetch (every list, the featured strips, the home showcase). */
export function invalidateFeatured(queryClient: QueryClient, kind: FeaturableKind): Promise<void> {
  if (kind === 'news') return queryClient.invalidateQueries({ queryKey: newsQueries.all() });
  if (kind === 'podcasts') return queryClient.invalidateQueries({ queryKey: podcastQueries.all() });
  return queryClient.invalidateQueries(discussionListsFilter);
}
