import type { Knex } from 'knex';

/**
 * Editors' lists read drafts (publishedAt null) and published items as two index-ordered parts
 * (server/api/content/repo.ts listContent); the visitors' index has `status` in the middle, which
 * the editors' query does not filter on.
 */
const TABLES = ['news_articles', 'podcast_episodes'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.index(['is_archived', 'published_at', 'created_at', 'id'], `${table}_editor_list_idx`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(['is_archived', 'published_at', 'created_at', 'id'], `${table}_editor_list_idx`);
    });
  }
}
