import type { Knex } from 'knex';

/**
 * Invitations are accepted through a link that carries a random token: before this,
 * anyone who registered with an invited address got the invited role. Only the token's SHA-256
 * (hex) is stored, so a leaked table holds no usable link; the unique index makes the hash the
 * lookup key. `expires_at` is 7 days after the link was issued.
 *
 * Rows invited before this migration have neither: they cannot be accepted until an admin issues
 * a new link for them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_invitations', (t) => {
    t.string('token_hash', 64).nullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.unique(['token_hash'], { indexName: 'user_invitations_token_hash_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_invitations', (t) => {
    t.dropUnique(['token_hash'], 'user_invitations_token_hash_unique');
  });
  await knex.schema.alterTable('user_invitations', (t) => {
    t.dropColumn('expires_at');
    t.dropColumn('token_hash');
  });
}
