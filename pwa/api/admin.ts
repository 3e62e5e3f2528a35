import type { MenuSetting, SeedDatabaseResponse } from '../../contracts/admin';
import type { Discussion } from '../../contracts/forums';
import type { Article } from '../../contracts/news';
import type { Podcast } from '../../contracts/podcasts';
import { apiFetch } from './client';
import type { MenuKey } from './menu';

/*
 * Admin writes without a list of their own: the sample-data rebuild, menu visibility (the list is
 * menuQueries.settings, key ['menu-settings']) and the Main Page panel's featured switches (the
 * lists are the news, podcast and discussion lists).
 */

/** POST /api/admin/seed-database {force}: force replaces the content with fresh sample data. */
export function seedDatabase(force: boolean): Promise<SeedDatabaseResponse> {
  return apiFetch<SeedDatabaseResponse>('/api/admin/seed-database', { method: 'POST', body: { force } });
}

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

const FEATURED_PATHS: Record<FeaturableKind, string> = {
  news: '/api/news',
  podcasts: '/api/podcasts',
  discussions: '/api/forum/discussions',
};

/** PATCH …/{id}/featured {isFeatured} for an article, an episode or a discussion. */
export function setFeatured<K extends FeaturableKind>(kind: K, id: string, isFeatured: boolean): Promise<FeaturedItemTypes[K]> {
  return apiFetch<FeaturedItemTypes[K]>(`${FEATURED_PATHS[kind]}/${encodeURIComponent(id)}/featured`, {
    method: 'PATCH',
    body: { isFeatured },
  });
}
