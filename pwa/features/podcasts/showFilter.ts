import { validateCategorySearch } from '../content';

/** A show's slug as the API's `?show=` accepts it (contracts/podcasts.ts, PodcastListQuery). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * `?show=<slug>` of /podcasts ("Shows on the hub"): lower case, well formed, else left
 * out, so one selection has one address and one query key (server/pages/render.ts keys its page
 * cache by the same rule). Zod-free for the same reason as `validateCategorySearch`.
 */
export function parseShowParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const slug = value.trim().toLowerCase();
  return slug.length <= 120 && SLUG.test(slug) ? slug : undefined;
}

/** /podcasts' search: the category chips' `categories` and the show tiles' `show`. */
export function validatePodcastSearch(search: Record<string, unknown>): { categories?: string; show?: string } {
  const show = parseShowParam(search.show);
  return { ...validateCategorySearch(search), ...(show ? { show } : {}) };
}
