import type { Knex } from 'knex';

/**
 * What a report weighs toward hiding its item (docs/moderation.md):
 *  - `source`: the reporter's address as the rate limits key it (an IPv6 /64 is one address), so one
 *    address counts once however many accounts it signs up;
 *  - `counts`: whether the reporter was trusted when reporting (a confirmed email, an account older
 *    than REPORTER_MIN_AGE_HOURS). Reports written before this have no address and do not count:
 *    their items were already hidden or not by the old rule, and nothing can vouch for them now.
 * `(news_comment_id …, counts)` is not indexed: an item's open reports are a handful, read by its own index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.string('source', 64).nullable();
    t.boolean('counts').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => {
    t.dropColumn('source');
    t.dropColumn('counts');
  });
}
