import type { Knex } from 'knex';
import { nowDefault } from '../dialect';

/**
 * The admin's desk, what its parts share:
 *  - `scheduled_at` on articles and episodes: a draft with a publish time waits for the publishing
 *    job (status stays the spec's draft/published; "Scheduled" is a draft with a time). Indexed for
 *    the job's "due now" scan and the content list's Scheduled tab.
 *  - `audit_log`: who changed others' work or access, what and when, with before/after as JSON text
 *    (both engines). The actor's name is kept as written so the trail outlives a deleted account.
 *  - `users.last_seen_at`: the users table's "Last seen" (written at most every few minutes).
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['news_articles', 'podcast_episodes']) {
    await knex.schema.alterTable(table, (t) => {
      t.timestamp('scheduled_at', { useTz: true }).nullable();
      t.index(['scheduled_at'], `${table}_scheduled_idx`);
    });
  }
  await knex.schema.createTable('audit_log', (t) => {
    t.uuid('id').primary();
    t.uuid('actor_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('actor_name', 300).notNullable();
    t.string('action', 60).notNullable();
    t.string('target_type', 40).notNullable();
    t.string('target_id', 100).nullable();
    t.string('target_label', 400).nullable();
    t.text('before').nullable();
    t.text('after').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
    t.index(['created_at', 'id'], 'audit_log_time_idx');
    t.index(['action', 'created_at'], 'audit_log_action_idx');
    t.index(['target_type', 'target_id'], 'audit_log_target_idx');
    t.index(['actor_id', 'created_at'], 'audit_log_actor_idx');
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('last_seen_at', { useTz: true }).nullable();
    t.index(['created_at'], 'users_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['created_at'], 'users_created_idx');
    t.dropColumn('last_seen_at');
  });
  await knex.schema.dropTableIfExists('audit_log');
  for (const table of ['news_articles', 'podcast_episodes']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(['scheduled_at'], `${table}_scheduled_idx`);
      t.dropColumn('scheduled_at');
    });
  }
}
