import type { Knex } from 'knex';

/**
 * A community that stays healthy, what its parts share:
 *  - `hidden_at` / `hidden_reason` on comments (articles' and episodes'), replies and discussions:
 *    hidden by a moderator, or by enough members' reports until reviewed. Hidden words are left out of
 *    every read path for everyone but moderators and the author (who sees why).
 *  - `reports`: one per member per item (a unique index per target column; NULLs never collide), a
 *    reason and a note; exactly one target column is set, each a foreign key with ON DELETE CASCADE
 *    so a report goes with what it reported. `resolution` / `resolved_at` / `resolved_by` say what a
 *    moderator decided; `(resolved_at, created_at)` serves the queue (open reports, newest first).
 *  - `forum_discussions.answer_reply_id`: the reply marked as the answer (Solved); SET NULL with the reply.
 *  - `discussion_watches` / `category_watches`: a member's watching level for a discussion or a
 *    forum category (watching, normal, muted); no row means the default.
 */
const HIDDEN = ['news_comments', 'podcast_comments', 'forum_replies', 'forum_discussions'] as const;
const TARGETS = [
  ['news_comment_id', 'news_comments'],
  ['podcast_comment_id', 'podcast_comments'],
  ['reply_id', 'forum_replies'],
  ['discussion_id', 'forum_discussions'],
  ['member_id', 'users'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of HIDDEN) {
    await knex.schema.alterTable(table, (t) => {
      t.timestamp('hidden_at', { useTz: true }).nullable();
      t.string('hidden_reason', 500).nullable();
    });
  }
  await knex.schema.createTable('reports', (t) => {
    t.uuid('id').primary();
    t.uuid('reporter_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    for (const [column, table] of TARGETS) t.uuid(column).nullable().references('id').inTable(table).onDelete('CASCADE');
    t.string('reason', 20).notNullable();
    t.string('note', 500).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('resolved_at', { useTz: true }).nullable();
    t.string('resolution', 20).nullable();
    t.uuid('resolved_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('resolution_note', 500).nullable();
    for (const [column] of TARGETS) {
      t.unique(['reporter_id', column], { indexName: `reports_reporter_${column}_unique` });
      t.index([column], `reports_${column}_idx`);
    }
    t.index(['resolved_at', 'created_at'], 'reports_queue_idx');
    t.index(['resolved_by']);
  });
  await knex.schema.alterTable('forum_discussions', (t) => {
    t.uuid('answer_reply_id').nullable().references('id').inTable('forum_replies').onDelete('SET NULL');
    t.index(['answer_reply_id'], 'forum_discussions_answer_idx');
  });
  await knex.schema.createTable('discussion_watches', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('discussion_id').notNullable().references('id').inTable('forum_discussions').onDelete('CASCADE');
    t.string('level', 10).notNullable();
    t.primary(['user_id', 'discussion_id']);
    t.index(['discussion_id', 'level'], 'discussion_watches_discussion_idx');
  });
  await knex.schema.createTable('category_watches', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('category_id').notNullable().references('id').inTable('forum_categories').onDelete('CASCADE');
    t.string('level', 10).notNullable();
    t.primary(['user_id', 'category_id']);
    t.index(['category_id', 'level'], 'category_watches_category_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('category_watches');
  await knex.schema.dropTableIfExists('discussion_watches');
  await knex.schema.alterTable('forum_discussions', (t) => {
    t.dropIndex(['answer_reply_id'], 'forum_discussions_answer_idx');
    t.dropForeign(['answer_reply_id']);
    t.dropColumn('answer_reply_id');
  });
  await knex.schema.dropTableIfExists('reports');
  for (const table of HIDDEN) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('hidden_reason');
      t.dropColumn('hidden_at');
    });
  }
}
