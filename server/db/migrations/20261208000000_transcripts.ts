import type { Knex } from 'knex';
import { dialectOf } from '../dialect';

/**
 * An episode's transcript and chapters (docs/transcripts.md), all NULL when it has none:
 *  - `transcript`: its cues as JSON text (`TranscriptCue[]`), read only by the episode's own answer;
 *  - `transcript_text`: the cues' words as plain text, what search indexes (a generated column or a
 *    trigger cannot unpack JSON on both engines) and /transcript.txt serves;
 *  - `chapters`: JSON text (`Chapter[]`, sorted by start), small enough to travel with lists.
 *
 * Search now reads the transcript's text with the episode's description and names, so the
 * episode's index is rebuilt: PostgreSQL's generated `search_vector` (a generated column's
 * expression cannot be altered, only replaced) and SQLite's triggers and documents. The body
 * expression is this migration's own copy of server/search/documents.ts's (a landed migration
 * installs the same schema forever; documents.test.ts proves the two agree).
 */
const TABLE = 'podcast_episodes';
const DRAFT = "status <> 'published'";
const OLD_BODY = "coalesce(description, '') || ' ' || coalesce(host_name, '') || ' ' || coalesce(guest_name, '') || ' ' || coalesce(guest_title, '')";
const NEW_BODY = `${OLD_BODY} || ' ' || coalesce(transcript_text, '')`;
const OLD_COLUMNS = ['title', 'description', 'host_name', 'guest_name', 'guest_title', 'status', 'is_archived'];
const NEW_COLUMNS = [...OLD_COLUMNS, 'transcript_text'];

/** The SQL over the row alias (`new`, `r`): each column name prefixed. */
const over = (sql: string, alias: string) => sql.replace(/\b(description|host_name|guest_name|guest_title|transcript_text|status|is_archived)\b/g, `${alias}.$1`);

async function installIndex(knex: Knex, body: string, columns: string[]): Promise<void> {
  if (dialectOf(knex) === 'pg') {
    const vector = `setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, ${body}), 'B')`;
    await knex.raw(`drop index if exists ${TABLE}_search_idx`);
    await knex.raw(`alter table ${TABLE} drop column search_vector`);
    await knex.raw(`alter table ${TABLE} add column search_vector tsvector generated always as (${vector}) stored`);
    await knex.raw(`create index ${TABLE}_search_idx on ${TABLE} using gin (search_vector)`);
    return;
  }
  const flags = (alias: string) => `(${over(DRAFT, alias)}) <> 0, (${over('is_archived', alias)}) <> 0`;
  const insertDoc = `insert into search_docs (kind, item_id, draft, archived) values ('podcast', new.id, ${flags('new')});
      insert into search_index (rowid, title, body) values (last_insert_rowid(), new.title, ${over(body, 'new')});`;
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`drop trigger if exists ${TABLE}_search_${op}`);
  await knex.raw(`create trigger ${TABLE}_search_insert after insert on ${TABLE} begin ${insertDoc} end`);
  await knex.raw(`create trigger ${TABLE}_search_update after update of ${columns.join(', ')} on ${TABLE} begin
      delete from search_index where rowid = (select id from search_docs where item_id = old.id);
      delete from search_docs where item_id = old.id;
      ${insertDoc}
    end`);
  await knex.raw(`create trigger ${TABLE}_search_delete after delete on ${TABLE} begin
      delete from search_index where rowid = (select id from search_docs where item_id = old.id);
      delete from search_docs where item_id = old.id;
    end`);
  // Every episode indexed afresh with the new body.
  await knex.raw(`delete from search_index where rowid in (select id from search_docs where kind = 'podcast')`);
  await knex.raw(`delete from search_docs where kind = 'podcast'`);
  await knex.raw(`insert into search_docs (kind, item_id, draft, archived) select 'podcast', r.id, ${flags('r')} from ${TABLE} r`);
  await knex.raw(`insert into search_index (rowid, title, body) select d.id, r.title, ${over(body, 'r')} from ${TABLE} r join search_docs d on d.item_id = r.id`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable(TABLE, (t) => {
    t.text('transcript').nullable();
    t.text('transcript_text').nullable();
    t.text('chapters').nullable();
  });
  await installIndex(knex, NEW_BODY, NEW_COLUMNS);
}

export async function down(knex: Knex): Promise<void> {
  // The old index first, so nothing reads the columns; then a plain DROP COLUMN (Knex would rebuild
  // SQLite's table, which drops its triggers).
  await installIndex(knex, OLD_BODY, OLD_COLUMNS);
  for (const column of ['chapters', 'transcript_text', 'transcript']) await knex.raw('alter table ?? drop column ??', [TABLE, column]);
}
