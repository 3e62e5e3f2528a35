import type { Knex } from 'knex';
import { isStorableTime } from '../../db/dialect';

export interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  before: string | null;
  after: string | null;
  created_at: string | Date;
}

export interface AuditFilter {
  /** One action, or a group's prefix ending in a dot (`user.`). */
  action?: string;
  actorId?: string;
  targetType?: string;
  targetId?: string;
  /** ISO instants: from inclusive, until exclusive. */
  from?: string;
  until?: string;
}

/**
 * One page of the log, newest first, strictly after the cursor (created_at, id). One query on the
 * time index; the other filters narrow it (action, actor and target have their own indexes).
 */
export async function listAuditEntries(db: Knex, filter: AuditFilter, limit: number, after?: [string, string]): Promise<AuditRow[]> {
  const q = db<AuditRow>('audit_log');
  if (filter.action?.endsWith('.')) {
    // A prefix of letters and a dot: no LIKE wildcards can come through the validated query.
    q.where('action', 'like', `${filter.action}%`);
  } else if (filter.action) {
    q.where('action', filter.action);
  }
  if (filter.actorId) q.where('actor_id', filter.actorId);
  if (filter.targetType) q.where('target_type', filter.targetType);
  if (filter.targetId) q.where('target_id', filter.targetId);
  if (filter.from) q.where('created_at', '>=', filter.from);
  if (filter.until) q.where('created_at', '<', filter.until);
  if (after) {
    const [createdAt, id] = after;
    q.andWhere((w) => w.where('created_at', '<', createdAt).orWhere((x) => x.where('created_at', '=', createdAt).andWhere('id', '<', id)));
  }
  return q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
}

/** The tables of the targets the screen links to, by target type. */
export const LINKED_TARGET_TABLES = {
  user: 'users',
  article: 'news_articles',
  episode: 'podcast_episodes',
  discussion: 'forum_discussions',
} as const;
export type LinkedTargetType = keyof typeof LINKED_TARGET_TABLES;

/** Which of a page's targets still exist: one query per linked type present on the page. */
export async function existingTargets(db: Knex, rows: AuditRow[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [type, table] of Object.entries(LINKED_TARGET_TABLES)) {
    const ids = [...new Set(rows.filter((r) => r.target_type === type && r.target_id).map((r) => r.target_id!))];
    if (!ids.length) continue;
    const present: Array<{ id: string }> = await db(table).whereIn('id', ids).select('id');
    for (const { id } of present) found.add(`${type}:${id}`);
  }
  return found;
}

/**
 * Deletes entries older than the retention period (AUDIT_RETENTION_DAYS), by age only, so any
 * process may run it beside others. Returns how many went.
 */
export async function sweepAuditLog(db: Knex, now: number = Date.now(), retentionDays = 365): Promise<number> {
  const cutoff = now - retentionDays * 86_400_000;
  if (!isStorableTime(cutoff)) return 0;
  return db('audit_log').where('created_at', '<', new Date(cutoff).toISOString()).delete();
}
