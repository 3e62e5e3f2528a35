import type { Knex } from 'knex';

/**
 * The CPD ledger (docs/cpd.md, docs/privacy.md); every row is one member's own and goes with them (CASCADE):
 *  - `cpd_settings`: the member's body, CPD year start, target, pause and nudge; absent until they
 *    choose (the defaults are answered). A time record locks the member's row, so two records
 *    arriving together are re-checked one after the other (no overlap counted twice).
 *  - `cpd_entries`: one per member and item (`type`, `item_id`; `item_id` null for an entry the
 *    member added), with what was copied when it began (title, provider, objectives, `topics` as
 *    JSON), the reflection, an external entry's own date and minutes, a certificate (an upload of
 *    theirs), `synced_later`, and a random `verification_code` (unique: the public page finds it).
 *    No foreign key to the item: an article deleted later leaves the member's evidence in place.
 *  - `cpd_time_records`: each measured stretch, keyed by the device's id per member (a replay finds
 *    it), with what the server counted of it; `(user_id, medium, started_at)` serves the overlap
 *    check and the year view's sums.
 *  - `cpd_revisions`: every change to an entry, before and after (JSON of the changed fields).
 * `learning_objectives` on articles and episodes: what an editor says the item teaches, copied into entries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('news_articles', (t) => {
    t.text('learning_objectives').nullable();
  });
  await knex.schema.alterTable('podcast_episodes', (t) => {
    t.text('learning_objectives').nullable();
  });

  await knex.schema.createTable('cpd_settings', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('body', 20).notNullable().defaultTo('icaew');
    t.integer('year_start_month').notNullable().defaultTo(1);
    t.double('target_hours').nullable();
    t.boolean('tracking_paused').notNullable().defaultTo(false);
    t.boolean('digest_nudge').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('cpd_entries', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('type', 20).notNullable();
    t.uuid('item_id').nullable();
    t.string('title', 300).notNullable();
    t.string('provider', 200).notNullable();
    t.text('objectives').nullable();
    t.text('topics').notNullable().defaultTo('[]');
    t.text('development_need').nullable();
    t.text('learning').nullable();
    t.text('application').nullable();
    t.string('activity_date', 10).nullable();
    t.integer('external_minutes').nullable();
    t.uuid('certificate_object_id').nullable().references('id').inTable('objects').onDelete('SET NULL');
    t.boolean('synced_later').notNullable().defaultTo(false);
    t.string('verification_code', 64).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.unique(['user_id', 'type', 'item_id']);
    t.index(['user_id', 'activity_date']);
  });

  await knex.schema.createTable('cpd_time_records', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('id').notNullable();
    t.uuid('entry_id').notNullable().references('id').inTable('cpd_entries').onDelete('CASCADE');
    t.string('medium', 20).notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('ended_at', { useTz: true }).notNullable();
    t.double('active_seconds').notNullable();
    t.double('counted_seconds').notNullable();
    t.boolean('synced_later').notNullable().defaultTo(false);
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.primary(['user_id', 'id']);
    t.index(['user_id', 'medium', 'started_at']);
    t.index(['entry_id']);
  });

  await knex.schema.createTable('cpd_revisions', (t) => {
    t.uuid('id').primary();
    t.uuid('entry_id').notNullable().references('id').inTable('cpd_entries').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.timestamp('changed_at', { useTz: true }).notNullable();
    t.text('before').notNullable();
    t.text('after').notNullable();
    t.index(['entry_id', 'changed_at']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cpd_revisions');
  await knex.schema.dropTableIfExists('cpd_time_records');
  await knex.schema.dropTableIfExists('cpd_entries');
  await knex.schema.dropTableIfExists('cpd_settings');
  await knex.schema.alterTable('podcast_episodes', (t) => {
    t.dropColumn('learning_objectives');
  });
  await knex.schema.alterTable('news_articles', (t) => {
    t.dropColumn('learning_objectives');
  });
}
