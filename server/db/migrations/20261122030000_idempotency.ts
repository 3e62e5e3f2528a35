import type { Knex } from 'knex';
import { nowDefault } from '../dialect';

/**
 * Exactly-once writes from the offline outbox.
 *
 * `idempotency_keys`: the result of a signed-in user's mutation sent with an `Idempotency-Key`
 * header, kept 24 hours so a repeat gets the same answer instead of a second write
 * (server/middleware/idempotency.ts). A row with `completed` false is a request still running.
 *
 * `written_at` on comments and replies: when the author wrote it (the client's clock, sent by the
 * outbox); `created_at` stays the time the server posted it. Null for things posted straight away.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('key', 128).notNullable();
    t.string('method', 10).notNullable();
    t.string('path', 2048).notNullable();
    /** SHA-256 (hex) of the JSON body as parsed. */
    t.string('body_hash', 64).notNullable();
    t.boolean('completed').notNullable().defaultTo(false);
    t.integer('status').nullable();
    t.text('response_body').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
    t.primary(['user_id', 'key']);
    t.index(['created_at']);
  });
  for (const table of ['news_comments', 'forum_replies']) {
    await knex.schema.alterTable(table, (t) => {
      t.timestamp('written_at', { useTz: true }).nullable();
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['news_comments', 'forum_replies']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('written_at');
    });
  }
  await knex.schema.dropTableIfExists('idempotency_keys');
}
