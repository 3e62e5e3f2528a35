import type { Knex } from 'knex';

/**
 * One process at a time for the periodic jobs, across processes and machines.
 *
 * `leases`: one row per job (`maintenance`), naming the process that holds it until `expires_at`.
 * A process takes a lease that is free or has run out with one conditional update (server/db/leases.ts),
 * so exactly one process holds it at a time, and a process that dies loses it when it runs out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('leases', (t) => {
    t.string('name', 64).primary();
    t.string('holder', 64).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('leases');
}
