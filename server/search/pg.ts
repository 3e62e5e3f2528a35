import type { Knex } from 'knex';
import type { SearchHit, SearchOptions } from './types';

/** Each table's body text (as its search_vector weighs it B) and visibility. */
const TABLES = [
  { kind: 'article', table: 'news_articles', body: "coalesce(excerpt, '') || ' ' || content", archived: true, status: true },
  {
    kind: 'podcast',
    table: 'podcast_episodes',
    body: "concat_ws(' ', description, host_name, guest_name, guest_title)",
    archived: true,
    status: true,
  },
  { kind: 'discussion', table: 'forum_discussions', body: 'content', archived: false, status: true },
  { kind: 'resource', table: 'resources', body: "coalesce(description, '')", archived: false, status: false },
] as const;

/**
 * PostgreSQL: every term a prefix lexeme (`term:*`, stemmed by the english configuration), all
 * required; one GIN-indexed match per table, ranked together by ts_rank (A-weighted titles score
 * higher than B-weighted bodies).
 */
export async function searchPg(db: Knex, { terms, limit, withDrafts }: SearchOptions): Promise<SearchHit[]> {
  const tsquery = terms.map((t) => `${t}:*`).join(' & ');
  const parts = TABLES.map((s) => {
    const where = [
      'search_vector @@ to_tsquery(:config, :tsquery)',
      ...(s.archived ? ['not is_archived'] : []),
      ...(s.status && !withDrafts ? ["status = 'published'"] : []),
    ].join(' and ');
    const draft = s.status ? "status <> 'published'" : 'false';
    return `select '${s.kind}' as kind, id::text as item_id, title, ${s.body} as body, ${draft} as draft,
              ts_rank(search_vector, to_tsquery(:config, :tsquery)) as score, created_at
              from ${s.table} where ${where}`;
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
