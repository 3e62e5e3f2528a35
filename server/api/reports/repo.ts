import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { AUTO_HIDDEN_REASON, type ReportReason } from '../../../contracts/moderation';
import { isUniqueViolation, now, toInt } from '../../db/dialect';
import type { ReportedItem } from '../../../contracts/moderation';
import { TARGET_LIST, targetOfReport, type ModerationTarget } from '../moderation/targets';

export interface LockedTarget {
  id: string;
  /** The item's author; for a member, the member. */
  author_id: string | null;
  hidden_at?: unknown;
}

/** The reported item under a row lock (pg), so concurrent reports count one after another. */
export async function lockTarget(trx: Knex | Knex.Transaction, target: ModerationTarget, id: string): Promise<LockedTarget | undefined> {
  if (target.type === 'member') return trx('users').where({ id, is_active: true }).forUpdate().first('id', 'id as author_id');
  return trx(target.table).where({ id }).forUpdate().first('id', 'author_id', 'hidden_at');
}

/** How a report weighs toward hiding: `hides` (staff), `counts` (a trusted member, one per address), `queue` only (policy.ts). */
export type ReportWeight = 'hides' | 'counts' | 'queue';

export type ReportOutcome = { kind: 'created'; id: string; hidden: boolean } | { kind: 'not_found' } | { kind: 'own' } | { kind: 'duplicate' };

export interface NewReport {
  reporterId: string;
  target: ModerationTarget;
  targetId: string;
  reason: ReportReason;
  note: string | null;
  /** What the report weighs toward hiding (policy.ts reportWeight). */
  weight: ReportWeight;
  /** The reporter's address as the rate limits key it (ipKey): one address counts once. */
  source: string;
  /** REPORTS_TO_HIDE: open counted reports from this many different addresses hide the item until reviewed. */
  reportsToHide: number;
}

/**
 * Writes the report and hides a hideable item until a moderator reviews it when the report is a
 * staff member's, or when it makes `reportsToHide` different addresses among the item's open
 * counted reports: one transaction, under the item's lock.
 */
export async function insertReport(db: Knex, r: NewReport): Promise<ReportOutcome> {
  try {
    return await db.transaction(async (trx): Promise<ReportOutcome> => {
      const item = await lockTarget(trx, r.target, r.targetId);
      if (!item) return { kind: 'not_found' };
      if (item.author_id === r.reporterId) return { kind: 'own' };
      if (await trx('reports').where({ reporter_id: r.reporterId, [r.target.column]: r.targetId }).first('id')) return { kind: 'duplicate' };
      const id = uuidv7();
      const counts = r.weight !== 'queue';
      await trx('reports').insert({ id, reporter_id: r.reporterId, [r.target.column]: r.targetId, reason: r.reason, note: r.note, created_at: now(), source: r.source, counts });
      let hidden = Boolean(item.hidden_at);
      if (r.target.hideable && !hidden && counts) {
        const open = await trx('reports').where({ [r.target.column]: r.targetId, counts: true }).whereNull('resolved_at').countDistinct({ n: 'source' }).first();
        if (r.weight === 'hides' || toInt(open?.n) >= r.reportsToHide) {
          await trx(r.target.table).where({ id: r.targetId }).update({ hidden_at: now(), hidden_reason: AUTO_HIDDEN_REASON });
          hidden = true;
        }
      }
      return { kind: 'created', id, hidden };
    });
  } catch (err) {
    // Two reports from one member at once: the unique index decides.
    if (isUniqueViolation(err)) return { kind: 'duplicate' };
    throw err;
  }
}

/** Everything `reporterId` has reported, as (type, id): one indexed read (`reports_reporter_*_unique`). */
export async function listReportedBy(db: Knex, reporterId: string): Promise<ReportedItem[]> {
  const rows = await db('reports')
    .where({ reporter_id: reporterId })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .select(TARGET_LIST.map((t) => t.column));
  return rows.map((row) => {
    const { target, id } = targetOfReport(row);
    return { type: target.type, id };
  });
}
