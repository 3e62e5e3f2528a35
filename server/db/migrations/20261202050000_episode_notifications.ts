import type { Knex } from 'knex';

/**
 * Notifications about episodes (a mention in an episode's comment): `podcast_id` names the episode
 * (the target), `podcast_comment_id` the comment that caused it, both with ON DELETE CASCADE like the
 * article and discussion columns (docs/notifications.md), each indexed so a delete finds its rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.uuid('podcast_id').nullable().references('id').inTable('podcast_episodes').onDelete('CASCADE');
    t.uuid('podcast_comment_id').nullable().references('id').inTable('podcast_comments').onDelete('CASCADE');
    t.index(['podcast_id'], 'notifications_podcast_id_index');
    t.index(['podcast_comment_id'], 'notifications_podcast_comment_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.dropIndex(['podcast_comment_id'], 'notifications_podcast_comment_id_index');
    t.dropIndex(['podcast_id'], 'notifications_podcast_id_index');
    t.dropForeign(['podcast_comment_id']);
    t.dropForeign(['podcast_id']);
    t.dropColumn('podcast_comment_id');
    t.dropColumn('podcast_id');
  });
}
