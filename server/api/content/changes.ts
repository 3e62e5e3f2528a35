import type Koa from 'koa';
import type { Knex } from 'knex';
import { eventActor, recordEvent, type ChangeEventType, type EventActor } from '../../events/index';
import { toBool } from '../../db/dialect';
import { currentUser } from '../../middleware/auth';
import { originOf, type SiteInfo } from '../../site';
import { ARTICLES, type ContentKind } from './kinds';
import type { ContentRow } from './repo';
import { isPublished } from './visibility';

/*
 * What a change to an article or episode tells others, inside the change's transaction: the
 * author's notifications (articles, docs/notifications.md) and the audit log (publish, unpublish,
 * archive, feature…). One place, so the single toggles, the editors' saves, the admin's bulk actions
 * and the publishing job all tell the same things for the same change.
 */

export interface ContentChange {
  actor: EventActor;
  /** The site origin mail links are built on (originOf(ctx, site)). */
  origin: string;
  /** The row as it was, read under its lock in the same transaction. */
  before: ContentRow;
  /** The columns written. */
  columns: Record<string, unknown>;
}

/** The audit log's name for a kind's items. */
export const auditTargetType = (kind: ContentKind) => (kind === ARTICLES ? 'article' : 'episode');

/** The flag changes an event is recorded for: [column, event when it turns on, when off]. */
const FLAGS: Array<[column: string, on: ChangeEventType, off: ChangeEventType]> = [
  ['is_archived', 'content.archived', 'content.unarchived'],
  ['is_featured', 'content.featured', 'content.unfeatured'],
];

export async function recordContentChange(trx: Knex.Transaction, kind: ContentKind, change: ContentChange): Promise<void> {
  const { actor, before, columns } = change;
  const target = { type: auditTargetType(kind), id: before.id, label: before.title } as const;
  if (columns.status !== undefined && columns.status !== before.status) {
    const publishing = isPublished(columns);
    await recordEvent(trx, {
      type: publishing ? 'content.published' : 'content.unpublished',
      actor,
      target,
      before: { status: before.status },
      after: { status: columns.status },
    });
    if (publishing && kind === ARTICLES) {
      await recordEvent(trx, { type: 'article.published', actorId: actor.id, origin: change.origin, articleId: before.id });
    }
  }
  for (const [column, on, off] of FLAGS) {
    if (columns[column] === undefined || toBool(columns[column]) === toBool(before[column as keyof ContentRow])) continue;
    const now = toBool(columns[column]);
    await recordEvent(trx, { type: now ? on : off, actor, target, before: { [column]: !now }, after: { [column]: now } });
    if (column === 'is_featured' && now && kind === ARTICLES) {
      await recordEvent(trx, { type: 'article.featured', actorId: actor.id, origin: change.origin, articleId: before.id });
    }
  }
}

/** A route's UpdateNotice for `kind`: records the change as the signed-in editor's (updateHandler). */
export function contentChangeNotice(kind: ContentKind, site: Pick<SiteInfo, 'publicUrl'>): UpdateNotice {
  return {
    inTransaction: (ctx: Koa.Context, trx, before, columns) =>
      recordContentChange(trx, kind, { actor: eventActor(currentUser(ctx)), origin: originOf(ctx, site), before, columns }),
  };
}

/**
 * What an update tells others (articles: their author's notifications, docs/notifications.md):
 * `inTransaction` sees the row as it was and the columns written, inside the write's transaction.
 */
export interface UpdateNotice {
  inTransaction(ctx: Koa.Context, trx: Knex.Transaction, before: ContentRow, columns: Record<string, unknown>): Promise<void>;
}
