import type { Knex } from 'knex';

/**
 * Mail and password reset.
 *
 * `mail_outbox`: every message the site sends, written in the same transaction as the event that
 * causes it (server/mail/outbox.ts) and sent later by the one process holding the `mail` lease
 * (server/mail/sender.ts). `status` is pending → sent, or failed after the last attempt; a pending
 * row is due when `next_attempt_at` has passed, which is also how a claim by a process that died
 * runs out. The sender asks for due rows by `(status, next_attempt_at)`, hence that index; the
 * sweep of old sent and failed rows reads the same prefix.
 *
 * `password_resets`: one row per reset link, holding only the SHA-256 (hex) of its token (unique:
 * the hash is the lookup key), valid until `expires_at`, used once (`used_at`). Rows go with their
 * user; `user_id` is indexed for "end every other link of this user", `expires_at` for the sweep.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_outbox', (t) => {
    t.uuid('id').primary();
    t.string('kind', 40).notNullable();
    t.string('to_address', 320).notNullable();
    t.string('to_name', 200).nullable();
    t.string('subject', 300).notNullable();
    t.text('html').nullable();
    t.text('text').nullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable();
    t.text('last_error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.index(['status', 'next_attempt_at'], 'mail_outbox_due_index');
  });
  await knex.schema.createTable('password_resets', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.unique(['token_hash'], { indexName: 'password_resets_token_hash_unique' });
    t.index(['user_id'], 'password_resets_user_id_index');
    t.index(['expires_at'], 'password_resets_expires_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('password_resets');
  await knex.schema.dropTableIfExists('mail_outbox');
}
