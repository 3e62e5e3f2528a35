import type { Knex } from 'knex';
import { nowDefault } from '../dialect';

/**
 * Drafts, scheduling and revisions:
 *  - `scheduled_by` on articles and episodes: who set the publish time; the publishing job acts in
 *    their name (the audit entry, the author's notification). No foreign key: on SQLite, adding one
 *    to an existing table rebuilds it and drops its search triggers; the job checks the account
 *    still exists (a deleted scheduler's items are published by "Scheduled publishing" alone).
 *  - `content_revisions`: the last saved versions of an item's text and fields (`data`, JSON text on
 *    both engines), newest first by (kind, item_id, created_at). No foreign key to the item: one
 *    table serves two item tables, so deleting an item deletes its revisions in the same transaction
 *    (server/api/revisions/repo.ts).
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['news_articles', 'podcast_episodes']) {
    await knex.schema.alterTable(table, (t) => {
      t.uuid('scheduled_by').nullable();
    });
  }
  await knex.schema.createTable('content_revisions', (t) => {
    t.uuid('id').primary();
    t.string('kind', 20).notNullable();
    t.uuid('item_id').notNullable();
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('author_name', 300).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
    t.text('data').notNullable();
    t.index(['kind', 'item_id', 'created_at'], 'content_revisions_item_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('content_revisions');
  for (const table of ['news_articles', 'podcast_episodes']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('scheduled_by');
    });
  }
}
