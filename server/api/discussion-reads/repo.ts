import type { Knex } from 'knex';
import { toIso } from '../../db/dialect';

/*
 * `discussion_reads` (migration 20261207000000_member_home): when a member last opened a
 * discussion. Replies by others written after it are their unread ones (docs/home.md, "Unread").
 */

/** Marks the discussion read at `at`; never moves an earlier-arriving later read back. Returns the stored time. */
export async function markRead(db: Knex, userId: string, discussionId: string, at: string): Promise<string> {
  const [row] = await db('discussion_reads')
    .insert({ user_id: userId, discussion_id: discussionId, last_read_at: at })
    .onConflict(['user_id', 'discussion_id'])
    .merge({ last_read_at: db.raw('case when excluded.last_read_at > discussion_reads.last_read_at then excluded.last_read_at else discussion_reads.last_read_at end') })
    .returning(['last_read_at']);
  return toIso(row.last_read_at)!;
}
