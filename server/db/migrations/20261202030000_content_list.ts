import type { Knex } from 'knex';

/**
 * The admin's content list (server/api/admin-content/repo.ts): each status tab is read newest first
 * by its last change, from an index that holds the tab's columns (archived, status, publish time)
 * in front of the order, so a page never sorts the table. Sorting by publication uses the existing
 * `…_list_idx` (is_archived, status, published_at, created_at).
 */
const TABLES = ['news_articles', 'podcast_episodes'] as const;
const name = (table: string) => `${table}_admin_updated_idx`;
const COLUMNS = ['is_archived', 'status', 'updated_at', 'id'];

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.index(COLUMNS, name(table));
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(COLUMNS, name(table));
    });
  }
}
