import type { Knex } from 'knex';

/**
 * The digest's followed topics (docs/notifications.md, "Digest"): `users.last_digest_at`, when the
 * member's last digest was built, so its "New in your topics" section lists what was published
 * since then and never the same article twice. Null until a first digest: then the last day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('last_digest_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('last_digest_at');
  });
}
