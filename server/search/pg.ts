import type { Knex } from 'knex';
import { SEARCH_DOCUMENTS } from './documents';
import type { SearchHit, SearchOptions } from './types';

/**
 * PostgreSQL: every term a prefix lexeme (`term:*`, stemmed by the english configuration), all
 * required; one GIN-indexed match per table, ranked together by ts_rank (A-weighted titles score
 * higher than B-weighted bodies). Bodies and flags are the expressions the index is built from
 * (documents.ts), so a snippet shows the text that matched.
 */
export async function searchPg(db: Knex, { terms, limit, withDrafts }: SearchOptions): Promise<SearchHit[]> {
  const tsquery = terms.map((t) => `${t}:*`).join(' & ');
  const parts = SEARCH_DOCUMENTS.map((d) => {
    const where = [
      'r.search_vector @@ to_tsquery(:config, :tsquery)',
      ...(d.archived ? [`not ${d.archived}`] : []),
      ...(d.hidden ? [`not (${d.hidden})`] : []),
      ...(d.draft && !withDrafts ? [`not (${d.draft})`] : []),
    ].join(' and ');
    return `select '${d.kind}' as kind, r.id::text as item_id, r.title, ${d.body} as body, ${d.draft ?? 'false'} as draft,
              ts_rank(r.search_vector, to_tsquery(:config, :tsquery)) as score, r.created_at
              from ${d.table} r where ${where}`;
  });
  const result = await db.raw(
    `${parts.join('\n union all\n')}
     order by score desc, created_at desc limit :limit`,
    { config: 'english', tsquery, limit },
  );
  return (result.rows as Array<{ kind: SearchHit['kind']; item_id: string; title: string; body: string; draft: boolean }>).map((r) => ({
    kind: r.kind,
    id: r.item_id,
    title: r.title,
    body: r.body,
    draft: r.draft,
  }));
}
