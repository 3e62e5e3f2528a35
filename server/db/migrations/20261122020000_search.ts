import type { Knex } from 'knex';
import { dialectOf } from '../dialect';

/**
 * Full-text search over articles, podcast episodes, discussions and resources, kept in
 * step with every write by the database itself, so no code path (API, seed, rebuild) can forget it.
 *
 * - PostgreSQL: a generated, weighted `search_vector` column on each table (title A, body B) with
 *   a GIN index.
 * - SQLite: one FTS5 table `search_index(title, body)` whose rowid is `search_docs.id`; search_docs
 *   maps it to the item and carries the visibility flags. Triggers write both. (Not the source
 *   rows' own rowids: VACUUM may renumber those.)
 *
 * Only the columns a search reads fire the update triggers: a like or play counter does not
 * rewrite the index.
 */
interface Source {
  table: string;
  kind: string;
  /** SQL for the body text, over the row's columns (`r.` prefix replaced per use). */
  body: string;
  /** SQL for "is a draft" and "is archived". */
  draft: string;
  archived: string;
  columns: string[];
}

const SOURCES: Source[] = [
  {
    table: 'news_articles',
    kind: 'article',
    body: "coalesce(r.excerpt, '') || ' ' || coalesce(r.content, '')",
    draft: "r.status <> 'published'",
    archived: 'r.is_archived',
    columns: ['title', 'excerpt', 'content', 'status', 'is_archived'],
  },
  {
    table: 'podcast_episodes',
    kind: 'podcast',
    body: "coalesce(r.description, '') || ' ' || coalesce(r.host_name, '') || ' ' || coalesce(r.guest_name, '') || ' ' || coalesce(r.guest_title, '')",
    draft: "r.status <> 'published'",
    archived: 'r.is_archived',
    columns: ['title', 'description', 'host_name', 'guest_name', 'guest_title', 'status', 'is_archived'],
  },
  {
    table: 'forum_discussions',
    kind: 'discussion',
    body: "coalesce(r.content, '')",
    draft: "r.status <> 'published'",
    archived: '0',
    columns: ['title', 'content', 'status'],
  },
  {
    table: 'resources',
    kind: 'resource',
    body: "coalesce(r.description, '')",
    draft: '0',
    archived: '0',
    columns: ['title', 'description'],
  },
];

/** The SQL with the row alias `r.` replaced (by nothing: the table's own columns). */
const as = (sql: string, alias: string) => sql.replaceAll('r.', alias ? `${alias}.` : '');

export async function up(knex: Knex): Promise<void> {
  if (dialectOf(knex) === 'pg') {
    for (const s of SOURCES) {
      const vector = `setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, ${as(s.body, '')}), 'B')`;
      await knex.raw(`alter table ${s.table} add column search_vector tsvector generated always as (${vector}) stored`);
      await knex.raw(`create index ${s.table}_search_idx on ${s.table} using gin (search_vector)`);
    }
    return;
  }

  await knex.raw(`create table search_docs (
    id integer primary key,
    kind text not null,
    item_id text not null unique,
    draft integer not null,
    archived integer not null
  )`);
  await knex.raw(`create virtual table search_index using fts5(title, body, tokenize = 'porter unicode61 remove_diacritics 2')`);

  for (const s of SOURCES) {
    const flags = (alias: string) => `(${as(s.draft, alias)}) <> 0, (${as(s.archived, alias)}) <> 0`;
    const insertDoc = `insert into search_docs (kind, item_id, draft, archived) values ('${s.kind}', new.id, ${flags('new')});
      insert into search_index (rowid, title, body) values (last_insert_rowid(), new.title, ${as(s.body, 'new')});`;
    await knex.raw(`create trigger ${s.table}_search_insert after insert on ${s.table} begin ${insertDoc} end`);
    await knex.raw(`create trigger ${s.table}_search_update after update of ${s.columns.join(', ')} on ${s.table} begin
      delete from search_index where rowid = (select id from search_docs where item_id = old.id);
      delete from search_docs where item_id = old.id;
      ${insertDoc}
    end`);
    await knex.raw(`create trigger ${s.table}_search_delete after delete on ${s.table} begin
      delete from search_index where rowid = (select id from search_docs where item_id = old.id);
      delete from search_docs where item_id = old.id;
    end`);
    // Rows that exist before this migration.
    await knex.raw(`insert into search_docs (kind, item_id, draft, archived) select '${s.kind}', r.id, ${flags('r')} from ${s.table} r`);
    await knex.raw(
      `insert into search_index (rowid, title, body) select d.id, r.title, ${s.body} from ${s.table} r join search_docs d on d.item_id = r.id`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  if (dialectOf(knex) === 'pg') {
    for (const s of SOURCES) await knex.raw(`alter table ${s.table} drop column if exists search_vector`);
    return;
  }
  for (const s of SOURCES) {
    for (const op of ['insert', 'update', 'delete']) await knex.raw(`drop trigger if exists ${s.table}_search_${op}`);
  }
  await knex.raw('drop table if exists search_index');
  await knex.raw('drop table if exists search_docs');
}
