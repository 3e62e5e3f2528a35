import type Koa from 'koa';
import type { Knex } from 'knex';
import type { AuditAction } from '../../../contracts/audit';
import { toBool } from '../../db/dialect';
import { currentUser } from '../../middleware/auth';
import { auditActor, recordAudit, type AuditActor } from '../audit/record';
import { recordEvent } from '../../events/index';
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
  actor: AuditActor;
  /** The site origin mail links are built on (originOf(ctx, site)). */
  origin: string;
  /** The row as it was, read under its lock in the same transaction. */
  before: ContentRow;
  /** The columns written. */
  columns: Record<string, unknown>;
}

/** The audit log's name for a kind's items. */
export const auditTargetType = (kind: ContentKind) => (kind === ARTICLES ? 'article' : 'episode');

/** The flag changes an audit entry is written for: [column, action when it turns on, when off]. */
const FLAGS: Array<[column: string, on: AuditAction, off: AuditAction]> = [
  ['is_archived', 'content.archive', 'content.unarchive'],
  ['is_featured', 'content.feature', 'content.unfeature'],
];

export async function recordContentChange(trx: Knex.Transaction, kind: ContentKind, change: ContentChange): Promise<void> {
  const { actor, before, columns } = change;
  const target = { type: auditTargetType(kind), id: before.id, label: before.title } as const;
  if (columns.status !== undefined && columns.status !== before.status) {
    const publishing = isPublished(columns);
    await recordAudit(trx, actor, {
      action: publishing ? 'content.publish' : 'content.unpublish',
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
    await recordAudit(trx, actor, { action: now ? on : off, target, before: { [column]: !now }, after: { [column]: now } });
    if (column === 'is_featured' && now && kind === ARTICLES) {
      await recordEvent(trx, { type: 'article.featured', actorId: actor.id, origin: change.origin, articleId: before.id });
    }
  }
}

/** A route's UpdateNotice for `kind`: records the change as the signed-in editor's (updateHandler). */
export function contentChangeNotice(kind: ContentKind, site: Pick<SiteInfo, 'publicUrl'>): UpdateNotice {
  return {
    inTransaction: (ctx: Koa.Context, trx, before, columns) =>
      recordContentChange(trx, kind, { actor: auditActor(currentUser(ctx)), origin: originOf(ctx, site), before, columns }),
  };
}

/** A deletion's audit entry, in the deleting transaction (deleteHandler). */
export function recordContentDeleted(trx: Knex.Transaction, kind: ContentKind, actor: AuditActor, before: ContentRow): Promise<void> {
  return recordAudit(trx, actor, {
    action: 'content.delete',
    target: { type: auditTargetType(kind), id: before.id, label: before.title },
    before: { status: before.status, isArchived: toBool(before.is_archived) },
  });
}

/**
 * What an update tells others (articles: their author's notifications, docs/notifications.md):
 * `inTransaction` sees the row as it was and the columns written, inside the write's transaction.
 */
export interface UpdateNotice {
  inTransaction(ctx: Koa.Context, trx: Knex.Transaction, before: ContentRow, columns: Record<string, unknown>): Promise<void>;
}
