import type { Knex } from 'knex';
import type { HiddenState } from '../../../contracts/moderation';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import { toIso } from '../../db/dialect';
import { hasRole, type Viewer } from '../../middleware/auth';

/** Who asks, as repos take it (they may not import the HTTP layer themselves). */
export type { Viewer };

/*
 * The one place that says who sees a hidden comment, reply or discussion (issue 36): moderators
 * (editors and admins) see it marked, its author sees it with the reason, nobody else reads its words.
 * Lists that keep a thread's shape (comments, replies) keep the row with its words and author blanked
 * (`redactHidden`), so the client shows "This comment was hidden by a moderator." in its place;
 * everything else (discussion lists, search, feeds, sitemap) leaves it out (`whereVisibleTo`,
 * `whereNotHidden`). Counters keep counting hidden items (docs/decisions/2026-11-28-hidden-items.md).
 */

/** The columns every read of a hideable row selects, so `redactHidden` and `hiddenStateOf` can answer. */
export const HIDDEN_COLUMNS = ['hidden_at', 'hidden_reason'] as const;
export const hiddenColumns = (alias?: string) => HIDDEN_COLUMNS.map((c) => (alias ? `${alias}.${c}` : c));

export interface Hideable {
  author_id: string | null;
  hidden_at?: unknown;
  hidden_reason?: string | null;
}

/** Editors and admins moderate: they see hidden items and work the queue. */
export function canModerate(viewer: Viewer | undefined): boolean {
  return hasRole(viewer, ...CONTENT_EDITORS);
}

/** Whether this viewer may read a hidden row's words: a moderator, or its author. */
export function mayReadHidden(viewer: Viewer | undefined, row: Hideable): boolean {
  return canModerate(viewer) || Boolean(viewer && row.author_id && row.author_id === viewer.id);
}

/** Restricts a query on a hideable table to the rows this viewer may see (`alias`: the table's alias). */
export function whereVisibleTo<Q extends Knex.QueryBuilder>(q: Q, viewer: Viewer | undefined, alias?: string): Q {
  if (canModerate(viewer)) return q;
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  return q.where((w) => {
    w.whereNull(col('hidden_at'));
    if (viewer) w.orWhere(col('author_id'), viewer.id);
  }) as Q;
}

/** Public documents made for nobody in particular (feeds, sitemap, search index): never a hidden row. */
export function whereNotHidden<Q extends Knex.QueryBuilder>(q: Q, alias?: string): Q {
  return whereVisibleTo(q, undefined, alias);
}

/** The row as this viewer may read it: a hidden row keeps its place but loses its words, author and reason. */
export function redactHidden<T extends Hideable & { content: string }>(row: T, viewer: Viewer | undefined): T {
  if (!row.hidden_at || mayReadHidden(viewer, row)) return row;
  return { ...row, content: '', author_id: null, hidden_reason: null };
}

/** `{ hidden }` for a presented row that is hidden, nothing otherwise (the shapes of visible posts stay as they were). */
export function hiddenField(row: Pick<Hideable, 'hidden_at' | 'hidden_reason'>): { hidden?: HiddenState } {
  return row.hidden_at ? { hidden: hiddenStateOf(row)! } : {};
}

/** `hidden` of a presented row (after `redactHidden`): null when it is not hidden. */
export function hiddenStateOf(row: Pick<Hideable, 'hidden_at' | 'hidden_reason'>): HiddenState | null {
  return row.hidden_at ? { at: toIso(row.hidden_at)!, reason: row.hidden_reason ?? null } : null;
}
