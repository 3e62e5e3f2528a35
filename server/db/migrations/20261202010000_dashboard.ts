import type { Knex } from 'knex';

/**
 * The admin's dashboard:
 *  - `podcast_play_days`: plays per episode per UTC day ('YYYY-MM-DD' text on both engines, so no
 *    engine's date type is needed to group or compare), counted in recordPlay's transaction when a
 *    play counts. `play_count` stays the running total; this table says when the plays happened.
 *  - indexes on the time columns the dashboard groups by day, so each aggregate reads a range of one
 *    index instead of the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('podcast_play_days', (t) => {
    t.uuid('episode_id').notNullable().references('id').inTable('podcast_episodes').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.integer('plays').notNullable().defaultTo(0);
    t.primary(['episode_id', 'day']);
    t.index(['day', 'episode_id', 'plays'], 'podcast_play_days_day_idx');
  });
  for (const table of ['news_articles', 'podcast_episodes']) {
    await knex.schema.alterTable(table, (t) => t.index(['published_at', 'status'], `${table}_published_idx`));
  }
  // With the item they belong to, so the top lists count per item from the index alone.
  for (const [table, item] of [['news_comments', 'article_id'], ['podcast_comments', 'podcast_id'], ['forum_replies', 'discussion_id']]) {
    await knex.schema.alterTable(table, (t) => t.index(['created_at', item], `${table}_created_idx`));
  }
  await knex.schema.alterTable('user_interactions', (t) => t.index(['interaction_type', 'created_at', 'target_type', 'target_id'], 'user_interactions_time_idx'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_interactions', (t) => t.dropIndex([], 'user_interactions_time_idx'));
  for (const table of ['news_comments', 'podcast_comments', 'forum_replies']) {
    await knex.schema.alterTable(table, (t) => t.dropIndex([], `${table}_created_idx`));
  }
  for (const table of ['news_articles', 'podcast_episodes']) {
    await knex.schema.alterTable(table, (t) => t.dropIndex([], `${table}_published_idx`));
  }
  await knex.schema.dropTableIfExists('podcast_play_days');
}
