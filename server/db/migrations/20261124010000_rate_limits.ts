import type { Knex } from 'knex';

/**
 * Abuse limits that hold across processes.
 *
 * `rate_limit_windows`: one fixed-window counter per key (`comment:<user id>:60`,
 * `play:<episode>:<ip>`…) and window. Windows are aligned to the clock (a minute window starts on
 * the minute), so every process computes the same `window_start` for the same moment and one atomic
 * upsert (`server/db/counters.ts`) counts for all of them. `expires_at` (the window's end) is what
 * the periodic sweep deletes by; it is indexed for that.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_windows', (t) => {
    t.string('key', 200).notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['key', 'window_start']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limit_windows');
}
