import type { WatchLevel } from '../../../contracts/watches';
import type { WatchRows } from './repo';

/**
 * A member's level for a discussion (docs/decisions/2026-11-28-watching.md), Discourse's order: their
 * own choice for the discussion; else, for its author, watching (no row is written at creation, so
 * "my discussions" need no backfill and an author who never chose follows every later default);
 * else their choice for its category (watching or muted carries down); else normal.
 */
export function discussionLevel(o: { own?: WatchLevel; isAuthor: boolean; category?: WatchLevel }): WatchLevel {
  if (o.own) return o.own;
  if (o.isAuthor) return 'watching';
  return o.category ?? 'normal';
}

/** Everyone whose level for a discussion is not normal, by level (explicit choices, its author, its category's). */
export function watchersByLevel(rows: WatchRows | undefined): { watching: Set<string>; muted: Set<string> } {
  const out = { watching: new Set<string>(), muted: new Set<string>() };
  if (!rows) return out;
  const own = new Map(rows.own.map((r) => [r.user_id, r.level]));
  const category = new Map(rows.category.map((r) => [r.user_id, r.level]));
  for (const userId of new Set([...own.keys(), ...category.keys(), ...(rows.authorId ? [rows.authorId] : [])])) {
    const level = discussionLevel({ own: own.get(userId), isAuthor: userId === rows.authorId, category: category.get(userId) });
    if (level !== 'normal') out[level].add(userId);
  }
  return out;
}
