import type { Knex } from 'knex';

/**
 * Two-step sign-in (docs/security.md §14).
 *  - `users.two_factor_enabled_at`: set while the member's sign-in asks for a code. On the user row
 *    so the session's own read of it (with the user) tells every request, with no second query.
 *  - `two_factor_secrets`: one row per member. `pending_secret` is an enrolment begun and not yet
 *    confirmed with a code; `secret` the confirmed one. Both are encrypted (AES-256-GCM under a key
 *    derived from SESSION_SECRET). `last_time_step` is the TOTP step of the last code accepted, so a
 *    code cannot be used twice.
 *  - `two_factor_recovery_codes`: ten single-use codes per member, kept as keyed hashes only;
 *    `used_at` marks a spent one.
 * Rows go with their member (CASCADE).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('two_factor_enabled_at', { useTz: true }).nullable();
  });
  await knex.schema.createTable('two_factor_secrets', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('secret').nullable();
    t.text('pending_secret').nullable();
    t.bigInteger('last_time_step').nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('two_factor_recovery_codes', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('code_hash', 64).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'code_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('two_factor_recovery_codes');
  await knex.schema.dropTableIfExists('two_factor_secrets');
  // Plain DROP COLUMN on both (SQLite has it since 3.35): Knex would rebuild the users table on SQLite.
  await knex.raw('alter table ?? drop column ??', ['users', 'two_factor_enabled_at']);
}
