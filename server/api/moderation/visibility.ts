import type { HiddenState } from '../../../contracts/moderation';
import { toIso } from '../../db/dialect';
import { canOpen, type Viewer } from '../content/visibility';

/*
 * How a hidden comment, reply or discussion is shown where it may not be opened (who may is
 * content/visibility.ts canOpen). Lists that keep a thread's shape (comments, replies) keep the row
 * with its words and author blanked (`redactHidden`), so the client shows "This comment was hidden
 * by a moderator." in its place; everything else leaves it out (content/visibility.ts whereOpenTo,
 * whereListedPublicly). Counters keep counting hidden items (docs/decisions/2026-11-28-hidden-items.md).
 */

/** The columns every read of a hideable row selects, so `redactHidden` and `hiddenStateOf` can answer. */
export const HIDDEN_COLUMNS = ['hidden_at', 'hidden_reason'] as const;
export const hiddenColumns = (alias?: string) => HIDDEN_COLUMNS.map((c) => (alias ? `${alias}.${c}` : c));

export interface Hideable {
  author_id: string | null;
  hidden_at?: unknown;
  hidden_reason?: string | null;
}

/** The row as this viewer may read it: a hidden row keeps its place but loses its words, author and reason. */
export function redactHidden<T extends Hideable & { content: string }>(row: T, viewer: Viewer | undefined, kind: 'comment' | 'reply'): T {
  const open: boolean = canOpen(viewer, kind, row);
  if (open) return row;
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
