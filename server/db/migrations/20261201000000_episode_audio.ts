import type { Knex } from 'knex';

/**
 * Episodes you can listen to in the app, and talk about (docs/decisions/2026-11-28-episode-audio.md):
 *  - `audio_url` now only ever names a playable file (an upload, `/objects/<id>`); a link to a page
 *    elsewhere (YouTube and the like) moves to `external_url`, which cards open instead of playing;
 *  - `audio_bytes`, `audio_type`: the file's length and media type as stored, for the feed's
 *    `<enclosure>` and the library's sizes (null for episodes without a file);
 *  - `comment_count` and `podcast_comments`: episodes take comments as articles do (same columns,
 *    same client ids and `written_at` for the offline outbox).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('podcast_episodes', (t) => {
    t.string('external_url', 2048).nullable();
    t.bigInteger('audio_bytes').nullable();
    t.string('audio_type', 100).nullable();
    t.integer('comment_count').notNullable().defaultTo(0);
  });
  await knex('podcast_episodes')
    .whereNotNull('audio_url')
    .andWhere('audio_url', 'not like', '/objects/%')
    .update({ external_url: knex.ref('audio_url'), audio_url: null });
  // Uploaded files already attached: their length and type from the stored object.
  const attached: Array<{ id: string; audio_url: string }> = await knex('podcast_episodes').where('audio_url', 'like', '/objects/%').select('id', 'audio_url');
  for (const episode of attached) {
    const object = await knex('objects').where({ id: episode.audio_url.slice('/objects/'.length) }).first('size', 'content_type');
    if (object) await knex('podcast_episodes').where({ id: episode.id }).update({ audio_bytes: object.size, audio_type: object.content_type });
  }

  await knex.schema.createTable('podcast_comments', (t) => {
    t.uuid('id').primary();
    t.uuid('podcast_id').notNullable().references('id').inTable('podcast_episodes').onDelete('CASCADE');
    t.uuid('author_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('content').notNullable();
    t.timestamp('written_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.index(['podcast_id', 'created_at', 'id']);
    t.index(['author_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('podcast_comments');
  await knex('podcast_episodes').whereNotNull('external_url').whereNull('audio_url').update({ audio_url: knex.ref('external_url') });
  await knex.schema.alterTable('podcast_episodes', (t) => {
    t.dropColumn('external_url');
    t.dropColumn('audio_bytes');
    t.dropColumn('audio_type');
    t.dropColumn('comment_count');
  });
}
