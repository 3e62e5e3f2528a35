import type { Knex } from 'knex';

/**
 * The listening record (docs/offline.md, "Listening across devices"): one row per member and
 * episode, written by one upsert that keeps the change with the latest device time
 * (server/api/listening/repo.ts), so writes arriving in any order give the same row.
 *  - `position_seconds`, `duration_seconds` (the audio's length as the player read it; null until
 *    known), `finished`: from the latest change;
 *  - `device_time`: when the member made that change on their device (clamped to the server's clock);
 *  - `updated_at`: when the server last wrote the row.
 * Rows go with their member and their episode (CASCADE). The primary key serves the record and the
 * upsert; (user_id, device_time, episode_id) serves the member's list, newest first, paged.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('listening_positions', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('episode_id').notNullable().references('id').inTable('podcast_episodes').onDelete('CASCADE');
    t.double('position_seconds').notNullable().defaultTo(0);
    t.double('duration_seconds').nullable();
    t.boolean('finished').notNullable().defaultTo(false);
    t.timestamp('device_time', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'episode_id']);
    t.index(['user_id', 'device_time', 'episode_id'], 'listening_positions_list_idx');
    t.index(['episode_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('listening_positions');
}
