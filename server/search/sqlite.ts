import type { Knex } from 'knex';
import { toBool } from '../db/dialect';
import type { SearchHit, SearchOptions } from './types';
import { SEARCH_DOCUMENTS } from './documents';

/** Hidden discussions are left out, read from the row as pg.ts does. */
const HIDDEN_DISCUSSION = SEARCH_DOCUMENTS.find((d) => d.kind === 'discussion')!.hidden!;

/** BM25 column weights (title, body): a title match outranks a body match. */
const TITLE_WEIGHT = 10;
const BODY_WEIGHT = 1;

/** FTS5: each term a quoted prefix query, all of them required. */
export async function searchSqlite(db: Knex, { terms, limit, withDrafts }: SearchOptions): Promise<SearchHit[]> {
  const match = terms.map((t) => `"${t}"*`).join(' AND ');
  const rows: Array<{ kind: SearchHit['kind']; item_id: string; title: string; body: string; draft: unknown }> = await db.raw(
    `select d.kind, d.item_id, s.title, s.body, d.draft
       from search_index s join search_docs d on d.id = s.rowid
       left join forum_discussions r on d.kind = 'discussion' and r.id = d.item_id
      where search_index match ? and d.archived = 0 and (d.draft = 0 or ?) and not coalesce(${HIDDEN_DISCUSSION}, 0)
      order by bm25(search_index, ${TITLE_WEIGHT}, ${BODY_WEIGHT}), d.id desc
      limit ?`,
    [match, withDrafts ? 1 : 0, limit],
  );
  return rows.map((r) => ({ kind: r.kind, id: r.item_id, title: r.title, body: r.body, draft: toBool(r.draft) }));
}
