import type { CategoryRef } from '../../../contracts/news';

/**
 * The `categories` search parameter of /news and /podcasts (spec 2): comma-separated category ids.
 * Ids that are not well-formed are dropped (the API would refuse them with a 400), duplicates
 * collapse and the ids are sorted, so one selection always has one address and one query key.
 * An empty selection leaves the parameter out.
 *
 * A plain validator rather than a zod schema: these routes are in the first page load, and any
 * zod flavour there brings zod's shared core with everything the lazy screens' full-zod schemas
 * use (docs/decisions/2026-11-22-no-zod-in-the-first-load.md).
 */
export function validateCategorySearch(search: Record<string, unknown>): { categories?: string } {
  const categories = formatCategoryParam(parseCategoryParam(typeof search.categories === 'string' ? search.categories : undefined));
  return categories === undefined ? {} : { categories };
}

/**
 * The pattern of the API's `Id` (`z.uuid()`, zod's `regexes.uuid()`), written out: importing it from
 * 'zod/v4/core' would bring zod's core into the first chunk. listFilters.test.ts holds it to zod's.
 */
export const uuidPattern =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export function parseCategoryParam(value: string | undefined): string[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => uuidPattern.test(part));
  return [...new Set(ids)].sort();
}

export function formatCategoryParam(ids: readonly string[]): string | undefined {
  return ids.length > 0 ? [...new Set(ids)].sort().join(',') : undefined;
}

/**
 * The filter chips of a paged list: the categories published items carry (`used`, from
 * /api/news-categories?usedBy, in display order: the one order of every chip list), then any
 * selected category that only the loaded items name (a draft's, for an editor), so a selection can
 * always be seen and cleared.
 */
export function chipCategories(
  used: readonly CategoryRef[] | undefined,
  selected: readonly string[],
  ...loaded: ReadonlyArray<ReadonlyArray<{ categories: CategoryRef[] }> | undefined>
): CategoryRef[] {
  const chips = [...(used ?? [])];
  for (const category of collectCategories(...loaded)) {
    if (selected.includes(category.id) && !chips.some((chip) => chip.id === category.id)) chips.push(category);
  }
  return chips;
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

/** Which list an editor looks at: the live one or the archive. */
export type ListTab = 'active' | 'archive';
