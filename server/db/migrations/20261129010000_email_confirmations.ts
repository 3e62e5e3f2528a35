import type { Knex } from 'knex';
import { COMMUNITY_MEMBERS, DEMO_ACCOUNT_LIST } from '../seed/data';

/**
 * Email confirmation (docs/security.md §13).
 *
 * `users.email_confirmed_at`: when the account's current address was proved (a confirmation link
 * used, an invitation accepted, or a sample account); null while unconfirmed. No mail goes to an
 * unconfirmed address but its confirmation link and a password reset.
 *
 * `email_confirmations`: one row per confirmation link, holding only the SHA-256 (hex) of its token
 * (unique: the hash is the lookup key) and the address it confirms, valid until `expires_at`, used
 * once (`used_at`). Rows go with their user; `user_id` is indexed for "end every other link of this
 * user", `expires_at` for the sweep.
 *
 * Existing accounts: nobody ever proved their address, so they start unconfirmed — except those
 * whose address an accepted invitation proved (the link went to that mailbox) and the sample
 * accounts (reserved `.test` addresses no mail reaches). Members already choosing mail see the
 * "confirm your address" notice and confirm with one click; until then their notifications stay in
 * the app. Cutting a few members' mail off until they click is the price of no longer mailing
 * addresses nobody proved.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('email_confirmed_at', { useTz: true }).nullable();
  });
  await knex.schema.createTable('email_confirmations', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('email', 320).notNullable();
    t.string('token_hash', 64).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true }).nullable();
    t.unique(['token_hash'], { indexName: 'email_confirmations_token_hash_unique' });
    t.index(['user_id'], 'email_confirmations_user_id_index');
    t.index(['expires_at'], 'email_confirmations_expires_at_index');
  });
  const at = new Date().toISOString();
  const invited = knex('user_invitations').whereNotNull('accepted_at').select('email');
  await knex('users').whereIn('email', invited).update({ email_confirmed_at: at });
  const samples = [...DEMO_ACCOUNT_LIST, ...COMMUNITY_MEMBERS].map((a) => a.email.toLowerCase());
  await knex('users').whereIn('email', samples).update({ email_confirmed_at: at });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('email_confirmations');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_confirmed_at');
  });
}
