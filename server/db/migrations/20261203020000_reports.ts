import type { Knex } from 'knex';
import { dialectOf } from '../dialect';

/**
 * Brings back SQLite's search triggers on forum_discussions. 20261203000000_community_health added
 * `answer_reply_id` with a foreign key, which SQLite can only do by rebuilding the table, and the
 * rebuild dropped the table's triggers: new and edited discussions stopped reaching search. The
 * triggers are those of 20261122020000_search.ts (kept as its copy, as a landed migration must);
 * discussions written since the rebuild are indexed here. PostgreSQL's generated column was kept.
 */
const DRAFT = "status <> 'published'";
const BODY = "coalesce(content, '')";

export async function up(knex: Knex): Promise<void> {
  // What a moderator decided (hidden, restored, deleted, dismissed), on the notifications that tell
  // a reported item's author and its reporters (types `moderation` and `report_outcome`).
  await knex.schema.alterTable('notifications', (t) => {
    t.string('outcome', 20).nullable();
  });
  if (dialectOf(knex) !== 'sqlite') return;
  const newBody = BODY.replace('content', 'new.content');
  const insertDoc = `insert into search_docs (kind, item_id, draft, archived) values ('discussion', new.id, (new.${DRAFT}) <> 0, (0) <> 0);
      insert into search_index (rowid, title, body) values (last_insert_rowid(), new.title, ${newBody});`;
  await knex.raw('drop trigger if exists forum_discussions_search_insert');
  await knex.raw('drop trigger if exists forum_discussions_search_update');
  await knex.raw('drop trigger if exists forum_discussions_search_delete');
  await knex.raw(`create trigger forum_discussions_search_insert after insert on forum_discussions begin ${insertDoc} end`);
  await knex.raw(`create trigger forum_discussions_search_update after update of title, content, status on forum_discussions begin
      delete from search_index where rowid = (select id from search_docs where item_id = old.id);
      delete from search_docs where item_id = old.id;
      ${insertDoc}
    end`);
  await knex.raw(`create trigger forum_discussions_search_delete after delete on forum_discussions begin
      delete from search_index where rowid = (select id from search_docs where item_id = old.id);
      delete from search_docs where item_id = old.id;
    end`);
  // Deleted since the rebuild: their documents go; written or edited since: indexed afresh.
  await knex.raw(`delete from search_index where rowid in (select d.id from search_docs d where d.kind = 'discussion' and not exists (select 1 from forum_discussions r where r.id = d.item_id))`);
  await knex.raw(`delete from search_docs where kind = 'discussion' and not exists (select 1 from forum_discussions r where r.id = search_docs.item_id)`);
  await knex.raw(`delete from search_index where rowid in (select id from search_docs where kind = 'discussion')`);
  await knex.raw(`delete from search_docs where kind = 'discussion'`);
  await knex.raw(`insert into search_docs (kind, item_id, draft, archived) select 'discussion', r.id, (r.${DRAFT}) <> 0, (0) <> 0 from forum_discussions r`);
  await knex.raw(
    `insert into search_index (rowid, title, body) select d.id, r.title, ${BODY.replace('content', 'r.content')} from forum_discussions r join search_docs d on d.item_id = r.id`,
  );
}

export async function down(knex: Knex): Promise<void> {
  // The triggers belong to 20261122020000_search.ts's schema: they stay.
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('outcome');
  });
}
