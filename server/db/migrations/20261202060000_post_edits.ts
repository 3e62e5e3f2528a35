import type { Knex } from 'knex';

/**
 * Edits of members' own words: `edited_at` on comments, replies and discussions (the
 * "edited" mark; null for words never changed), and `post_edits`, the history moderators read: one
 * row per saved change with the words as they were before it (and the title, for a discussion), who
 * changed them and when. Exactly one of its four post columns is set, each a foreign key with ON DELETE
 * CASCADE (as notifications do), so a post's history goes with it, however it goes (its own delete, or its
 * article's); the editor's account goes SET NULL. Each column's index, led by it and then created_at,
 * serves "this post's history, oldest first" and the cascade.
 */
const EDITED = ['news_comments', 'podcast_comments', 'forum_replies', 'forum_discussions'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of EDITED) {
    await knex.schema.alterTable(table, (t) => {
      t.timestamp('edited_at', { useTz: true }).nullable();
    });
  }
  await knex.schema.createTable('post_edits', (t) => {
    t.uuid('id').primary();
    t.uuid('news_comment_id').nullable().references('id').inTable('news_comments').onDelete('CASCADE');
    t.uuid('podcast_comment_id').nullable().references('id').inTable('podcast_comments').onDelete('CASCADE');
    t.uuid('reply_id').nullable().references('id').inTable('forum_replies').onDelete('CASCADE');
    t.uuid('discussion_id').nullable().references('id').inTable('forum_discussions').onDelete('CASCADE');
    t.uuid('editor_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('previous_content').notNullable();
    t.string('previous_title', 300).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    for (const column of ['news_comment_id', 'podcast_comment_id', 'reply_id', 'discussion_id']) t.index([column, 'created_at'], `post_edits_${column}_idx`);
    t.index(['editor_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('post_edits');
  for (const table of EDITED) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('edited_at');
    });
  }
}
