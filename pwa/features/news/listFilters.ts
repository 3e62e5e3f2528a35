import { z } from '../../../contracts/zod';
import { Id } from '../../../contracts/common';
import type { CategoryRef } from '../../../contracts/news';

/**
 * The `categories` search parameter of /news and /podcasts (spec 2): comma-separated category ids.
 * Ids that are not well-formed are dropped (the API would refuse them with a 400), duplicates
 * collapse and the ids are sorted, so one selection always has one address and one query key.
 * An empty selection leaves the parameter out.
 */
export const categorySearchSchema = z.object({
  categories: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => formatCategoryParam(parseCategoryParam(value))),
});

export function parseCategoryParam(value: string | undefined): string[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => Id.safeParse(part).success);
  return [...new Set(ids)].sort();
}

export function formatCategoryParam(ids: readonly string[]): string | undefined {
  return ids.length > 0 ? [...new Set(ids)].sort().join(',') : undefined;
}

/** The categories carried by `items`, deduplicated by id, in first-seen order. */
export function collectCategories(...lists: ReadonlyArray<ReadonlyArray<{ categories: CategoryRef[] }> | undefined>): CategoryRef[] {
  const byId = new Map<string, CategoryRef>();
  for (const items of lists) {
    for (const item of items ?? []) {
      for (const category of item.categories) if (!byId.has(category.id)) byId.set(category.id, category);
    }
  }
  return [...byId.values()];
}

/** Case-insensitive substring match of `query` (trimmed) against any of `fields` (spec 5). */
export function matchesSearch(query: string, ...fields: ReadonlyArray<string | null | undefined>): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field?.toLowerCase().includes(needle));
}

/** Spec 9: 'Load More' shows when the visible count is a non-zero multiple of 12. */
export function showsLoadMore(visibleCount: number): boolean {
  return visibleCount > 0 && visibleCount % 12 === 0;
}
