import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { dialectOf, nowDefault } from '../dialect';

/**
 * Podcast shows. Until now every episode belonged to one implicit podcast; episodes now
 * belong to a show, and an episode number is unique within its show.
 *
 * - `podcast_shows` gets the default show, 'Ledger Commons Podcast', and every existing episode is
 *   moved to it.
 * - `podcast_episodes.show_id` stays NULL-able in the schema: SQLite cannot add a NOT NULL column
 *   with a foreign key without rebuilding the table, and rebuilding `podcast_episodes` inside the
 *   migration's transaction would cascade-delete its category links and drop its search triggers.
 *   The API writes a show on every episode (the default one when none is chosen).
 *   On SQLite the column is added with plain SQL for the same reason: Knex adds a foreign key to an
 *   existing SQLite table by rebuilding it.
 * - Episodes that shared a number (nothing prevented it before) keep it on the oldest one; the
 *   others lose their number (NULL), for an editor to choose, so the unique index can be built.
 * - `(show_id, episode_number)` is unique; NULL numbers never collide (both engines treat NULLs as
 *   distinct in a unique index).
 */

const SHOW_NUMBER_UNIQUE = 'podcast_episodes_show_number_unique';
const SHOW_LIST_INDEX = 'podcast_episodes_show_list_idx';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('podcast_shows', (t) => {
    t.uuid('id').primary();
    t.string('name', 120).notNullable().unique();
    t.string('slug', 120).notNullable().unique();
    t.text('description').nullable();
    t.string('host_name', 200).nullable();
    t.string('image_url', 2048).nullable();
    t.integer('display_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(nowDefault(knex));
    t.index(['display_order']);
  });

  const ts = new Date().toISOString();
  const defaultShowId = uuidv7();
  await knex('podcast_shows').insert({
    id: defaultShowId,
    name: 'Ledger Commons Podcast',
    slug: 'ledger-commons-podcast',
    description: 'Conversations with the people shaping accounting, audit and corporate finance.',
    host_name: null,
    image_url: null,
    display_order: 0,
    created_at: ts,
    updated_at: ts,
  });

  if (dialectOf(knex) === 'pg') {
    await knex.schema.alterTable('podcast_episodes', (t) => {
      t.uuid('show_id').nullable().references('id').inTable('podcast_shows').onDelete('RESTRICT');
    });
  } else {
    await knex.raw('alter table ?? add column ?? char(36) null references ?? (??) on delete restrict', [
      'podcast_episodes',
      'show_id',
      'podcast_shows',
      'id',
    ]);
  }
  await knex('podcast_episodes').update({ show_id: defaultShowId });

  const shared: Array<{ episode_number: number }> = await knex('podcast_episodes')
    .whereNotNull('episode_number')
    .groupBy('episode_number')
    .havingRaw('count(*) > 1')
    .select('episode_number');
  for (const { episode_number } of shared) {
    const [, ...later] = await knex('podcast_episodes')
      .where({ episode_number })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .pluck('id');
    await knex('podcast_episodes').whereIn('id', later).update({ episode_number: null });
  }

  await knex.schema.alterTable('podcast_episodes', (t) => {
    t.unique(['show_id', 'episode_number'], { indexName: SHOW_NUMBER_UNIQUE });
    t.index(['show_id', 'is_archived', 'status', 'published_at', 'created_at'], SHOW_LIST_INDEX);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('podcast_episodes', (t) => {
    t.dropIndex(['show_id', 'is_archived', 'status', 'published_at', 'created_at'], SHOW_LIST_INDEX);
    t.dropUnique(['show_id', 'episode_number'], SHOW_NUMBER_UNIQUE);
  });
  if (dialectOf(knex) === 'pg') {
    await knex.schema.alterTable('podcast_episodes', (t) => {
      t.dropForeign(['show_id']);
      t.dropColumn('show_id');
    });
  } else {
    // SQLite's own DROP COLUMN (Knex would rebuild the table; see above).
    await knex.raw('alter table ?? drop column ??', ['podcast_episodes', 'show_id']);
  }
  await knex.schema.dropTable('podcast_shows');
}
