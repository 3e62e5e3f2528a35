import type { Knex } from 'knex';

/**
 * The member's home (docs/home.md):
 *  - `topic_follows`: a member's stance on a news category (`kind` 'news_category') or a podcast show
 *    ('podcast_show'): `level` 'following' or 'muted'; no row means neither. A forum category's stance
 *    is its `category_watches` level (watching = following), so the forums keep one answer for both.
 *    `(kind, topic_id)` finds a topic's followers; the primary key a member's own.
 *  - `discussion_reads`: when a member last opened a discussion; replies after it are unread.
 *  - `users.previous_visit_at`: when the member's previous visit ended (the `last_seen_at` found
 *    when a new visit began), the line "since your last visit" is drawn at.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('topic_follows', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('kind', 20).notNullable();
    t.uuid('topic_id').notNullable();
    t.string('level', 10).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'kind', 'topic_id']);
    t.index(['kind', 'topic_id', 'level'], 'topic_follows_topic_idx');
  });
  await knex.schema.createTable('discussion_reads', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('discussion_id').notNullable().references('id').inTable('forum_discussions').onDelete('CASCADE');
    t.timestamp('last_read_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'discussion_id']);
    t.index(['discussion_id'], 'discussion_reads_discussion_idx');
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('previous_visit_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('previous_visit_at');
  });
  await knex.schema.dropTableIfExists('discussion_reads');
  await knex.schema.dropTableIfExists('topic_follows');
}
