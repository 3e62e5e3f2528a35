import type { Knex } from 'knex';

/**
 * `objects.duration_seconds`: an audio upload's length, read from the file when it is finalised
 * (docs/decisions/2026-11-28-episode-audio.md), so an episode that names the file takes its real
 * duration. Null for images and for audio finalised before it was read.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('objects', (t) => {
    t.integer('duration_seconds').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('objects', (t) => {
    t.dropColumn('duration_seconds');
  });
}
