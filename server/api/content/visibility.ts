import type { Knex } from 'knex';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import { toBool } from '../../db/dialect';
import { hasRole, type Viewer } from '../../middleware/auth';

/*
 * The one rule of who may open what, for every kind of post and every read path: pages, lists,
 * search, feeds, the sitemap, notifications (list, mail, digest), the offline sync reads, and
 * whether a post may still be edited (docs/moderation.md "Hidden stays hidden"). An item is out of
 * sight for a reason:
 *  - deleted: the row is gone (`canOpen(viewer, kind, undefined)` is false);
 *  - a draft (scheduled items are drafts with a publish time): editors and admins, and a
 *    discussion's own author;
 *  - hidden by a moderator or by reports: editors and admins, and its author (to read, not to edit);
 *  - archived (articles, episodes): still opened by its link, but off the documents made for nobody
 *    in particular (feeds, sitemap, search, shared caches): `isListedPublicly`.
 * `canOpen` judges a row already read; `whereOpenTo` and `whereListedPublicly` say the same in SQL.
 * A comment or reply is open only where its article, episode or discussion is: callers check both.
 */

export type { Viewer };

export type PostKind = 'article' | 'episode' | 'discussion' | 'reply' | 'comment';

/** The columns the rule reads; a read selects those its kind has. */
export interface Openable {
  status?: string | null;
  is_archived?: unknown;
  hidden_at?: unknown;
  author_id?: string | null;
}

/** Not a draft: the status every kind with one (articles, episodes, discussions) is public in. */
const PUBLISHED = 'published';

const HAS_STATUS: Record<PostKind, boolean> = { article: true, episode: true, discussion: true, reply: false, comment: false };
const HIDEABLE: Record<PostKind, boolean> = { article: false, episode: false, discussion: true, reply: true, comment: true };
const ARCHIVABLE: Record<PostKind, boolean> = { article: true, episode: true, discussion: false, reply: false, comment: false };
/** Whose own drafts are theirs to open: a member's discussion; articles and episodes are the editors'. */
const AUTHOR_SEES_DRAFT: Record<PostKind, boolean> = { article: false, episode: false, discussion: true, reply: false, comment: false };

/** Editors and admins: they open everything that exists, and work the moderation queue. */
export function isStaff(viewer: Viewer | undefined): boolean {
  return hasRole(viewer, ...CONTENT_EDITORS);
}

export function isAuthorOf(viewer: Viewer | undefined, row: { author_id?: string | null }): boolean {
  return Boolean(viewer && row.author_id && row.author_id === viewer.id);
}

export function isPublished(row: { status?: unknown }): boolean {
  return row.status === PUBLISHED;
}

/**
 * May `viewer` open this item now (`read`), or change it (`edit`)? A hidden item's author reads it
 * with the moderator's reason but may not rewrite it until a moderator restores it; staff may.
 * Who may edit at all (its author, a moderator) is each resource's policy; this says when.
 */
export function canOpen<T extends Openable>(viewer: Viewer | undefined, kind: PostKind, item: T | undefined | null, purpose: 'read' | 'edit' = 'read'): item is T {
  if (!item) return false;
  if (isStaff(viewer)) return true;
  const own = isAuthorOf(viewer, item);
  if (HAS_STATUS[kind] && !isPublished(item) && !(AUTHOR_SEES_DRAFT[kind] && own)) return false;
  if (HIDEABLE[kind] && item.hidden_at && !(own && purpose === 'read')) return false;
  return true;
}

/** In the documents made for nobody in particular (feeds, sitemap, search, shared caches, page metadata). */
export function isListedPublicly(kind: PostKind, item: Openable | undefined | null): boolean {
  return canOpen(undefined, kind, item) && !(ARCHIVABLE[kind] && toBool(item!.is_archived));
}

const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** Narrows a query on a table with a `status` to its published rows (a publishing state, not who sees it). */
export function wherePublished<Q extends Knex.QueryBuilder>(q: Q, alias?: string): Q {
  q.where(column(alias, 'status'), PUBLISHED);
  return q;
}

/** `canOpen(viewer, kind, row)` as a condition on a query of that kind's table (`alias`: its alias). */
export function whereOpenTo<Q extends Knex.QueryBuilder>(q: Q, viewer: Viewer | undefined, kind: PostKind, alias?: string): Q {
  if (isStaff(viewer)) return q;
  const col = (c: string) => column(alias, c);
  if (HAS_STATUS[kind]) {
    if (AUTHOR_SEES_DRAFT[kind] && viewer) q.where((w) => w.where(col('status'), PUBLISHED).orWhere(col('author_id'), viewer.id));
    else q.where(col('status'), PUBLISHED);
  }
  if (HIDEABLE[kind]) {
    q.where((w) => {
      w.whereNull(col('hidden_at'));
      if (viewer) w.orWhere(col('author_id'), viewer.id);
    });
  }
  return q;
}

/** `isListedPublicly` as a condition on a query of that kind's table. */
export function whereListedPublicly<Q extends Knex.QueryBuilder>(q: Q, kind: PostKind, alias?: string): Q {
  whereOpenTo(q, undefined, kind, alias);
  if (ARCHIVABLE[kind]) q.where(column(alias, 'is_archived'), false);
  return q;
}
