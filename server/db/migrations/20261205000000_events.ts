import type { Knex } from 'knex';

/**
 * What happened, recorded by the write that did it in its own transaction (server/events/, docs/events.md):
 *  - `type` and `payload` (JSON): the event as the catalogue types it;
 *  - `processed_at`: set once the after-commit processors have handled it (at once when no processor
 *    listens to its type), so a process that dies mid-round leaves it to the next lease holder;
 *  - `attempts` and `last_error`: a processor that failed, kept for the next round and the operator.
 * `(processed_at, id)` serves the round's "oldest unprocessed first" and the pruning of old rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.increments('id');
    t.string('type', 64).notNullable();
    t.text('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('processed_at', { useTz: true }).nullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error').nullable();
    t.index(['processed_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('events');
}
