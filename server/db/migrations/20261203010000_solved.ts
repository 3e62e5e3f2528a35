import type { Knex } from 'knex';

/**
 * Solved: the forums' "unanswered" filter (`answer_reply_id IS NULL`) in the list's own
 * order (pinned first, newest, id), so a page of unanswered discussions is read from one index range
 * rather than by filtering the whole list.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forum_discussions', (t) => {
    t.index(['answer_reply_id', 'is_pinned', 'created_at', 'id'], 'forum_discussions_unanswered_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forum_discussions', (t) => {
    t.dropIndex(['answer_reply_id', 'is_pinned', 'created_at', 'id'], 'forum_discussions_unanswered_idx');
  });
}
