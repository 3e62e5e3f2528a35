import type { Knex } from 'knex';

/**
 * The reading list (docs/offline.md, "Reading list across devices").
 *
 * One row per member and article, written by merging (server/api/reading-list/repo.ts): each field
 * keeps the device time of the change that set it, so changes merge by when the member made them,
 * whatever order they arrive in.
 *  - `saved_at` / `removed_at`: the latest save and the latest removal; the article is on the list
 *    while `saved_at` is later than `removed_at` (a removal is a tombstone, kept so an older save
 *    that arrives late cannot bring the article back).
 *  - `position` (0–1): the furthest read on any device; `finished` with `finished_changed_at`.
 *  - `title`: the article's title when last saved, shown when the article has gone.
 * `article_id` has no foreign key on purpose: a deleted article leaves the member's row, and the
 * list tells them it is gone instead of the row vanishing. Rows go with their member (CASCADE).
 * The primary key (user_id, article_id) serves "my list" and the merge's upsert.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reading_list', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('article_id').notNullable();
    t.string('title', 300).notNullable().defaultTo('');
    t.timestamp('saved_at', { useTz: true }).nullable();
    t.timestamp('removed_at', { useTz: true }).nullable();
    t.double('position').notNullable().defaultTo(0);
    t.boolean('finished').notNullable().defaultTo(false);
    t.timestamp('finished_changed_at', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'article_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('reading_list');
}
