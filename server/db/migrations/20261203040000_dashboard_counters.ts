import type { Knex } from 'knex';
import { utcDay } from '../dialect';

/**
 * The dashboard's counters (docs/performance.md "The admin's dashboard"), so no figure counts every
 * row of a 90-day period:
 *  - `like_days`: likes per UTC day ('YYYY-MM-DD'), moved by every like and unlike in its transaction
 *    (an unlike, an item's or a member's deletion takes one off the like's own day). Backfilled here.
 *  - `dashboard_top_sets` / `dashboard_top_articles` / `dashboard_top_episodes`: per item, what
 *    happened from `from_day` on (comments and likes of an article; plays and comments of an
 *    episode). A set is counted from the source rows the first time a day's period asks for it
 *    (`built_for` that day; older sets are dropped then) and kept exact afterwards by the writes, so
 *    "top in the period" reads the first rows of one index. Nothing to backfill: sets are made on demand.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('like_days', (t) => {
    t.string('day', 10).primary();
    t.integer('likes').notNullable().defaultTo(0);
  });
  await knex
    .into(knex.raw('?? (??, ??)', ['like_days', 'day', 'likes']))
    .insert(knex('user_interactions').where('interaction_type', 'like').select({ day: utcDay(knex, 'created_at') }).count({ n: '*' }).groupBy('day'));

  await knex.schema.createTable('dashboard_top_sets', (t) => {
    t.string('kind', 16).notNullable();
    t.string('from_day', 10).notNullable();
    t.string('built_for', 10).notNullable();
    t.primary(['kind', 'from_day']);
  });
  await knex.schema.createTable('dashboard_top_articles', (t) => {
    t.string('from_day', 10).notNullable();
    t.uuid('article_id').notNullable().references('id').inTable('news_articles').onDelete('CASCADE');
    t.integer('comments').notNullable().defaultTo(0);
    t.integer('likes').notNullable().defaultTo(0);
    t.integer('score').notNullable().defaultTo(0);
    t.primary(['from_day', 'article_id']);
  });
  await knex.schema.createTable('dashboard_top_episodes', (t) => {
    t.string('from_day', 10).notNullable();
    t.uuid('episode_id').notNullable().references('id').inTable('podcast_episodes').onDelete('CASCADE');
    t.integer('plays').notNullable().defaultTo(0);
    t.integer('comments').notNullable().defaultTo(0);
    t.primary(['from_day', 'episode_id']);
  });
  // The ranking's order, so the top five are the first rows of the set's range.
  await knex.raw('create index dashboard_top_articles_rank_idx on dashboard_top_articles (from_day, score desc, article_id)');
  await knex.raw('create index dashboard_top_episodes_rank_idx on dashboard_top_episodes (from_day, plays desc, comments desc, episode_id)');
  // The cascade from an item's deletion finds its rows.
  await knex.schema.alterTable('dashboard_top_articles', (t) => t.index(['article_id'], 'dashboard_top_articles_item_idx'));
  await knex.schema.alterTable('dashboard_top_episodes', (t) => t.index(['episode_id'], 'dashboard_top_episodes_item_idx'));
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['dashboard_top_articles', 'dashboard_top_episodes', 'dashboard_top_sets', 'like_days']) await knex.schema.dropTableIfExists(table);
}
