import { expect, it } from 'vitest';
import { describeEachDb, type TestServer } from '../../test/harness';
import { createCategory, insertArticle, insertPodcast, minutesAgo } from '../../test/factories';

/*
 * Paging: the paged lists (/news and /podcasts load 12 at a time, 'Load more' asks for the
 * next page with its cursor) read each page from an index, in the same number of queries whatever
 * the page size and wherever the cursor is; the filter chips come from /api/news-categories?usedBy.
 */

interface Captured {
  sql: string;
  bindings: unknown[];
}

/** The SQL statements `fn` sends, with their bindings. */
async function captureQueries(t: TestServer, fn: () => Promise<unknown>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const onQuery = (q: { sql: string; bindings?: unknown[] }) => seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  t.db.on('query', onQuery);
  try {
    await fn();
  } finally {
    t.db.off('query', onQuery);
  }
  return seen;
}

/** The engine's plan for a captured statement, as one text. */
async function planOf(t: TestServer, { sql, bindings }: Captured): Promise<string> {
  if (t.kind === 'sqlite') {
    const rows: Array<{ detail: string }> = await t.db.raw(`EXPLAIN QUERY PLAN ${sql}`, bindings as never[]);
    return rows.map((r) => r.detail).join('\n');
  }
  // A few hundred rows make a sequential scan the cheapest plan; forbid it to see what the index offers.
  return t.db.transaction(async (trx) => {
    await trx.raw('SET LOCAL enable_seqscan = off');
    // pg's event text has $n placeholders; knex.raw binds `?` ones.
    const result = await trx.raw(`EXPLAIN ${sql.replace(/\$\d+/g, '?')}`, bindings as never[]);
    return (result.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n');
  });
}

describeEachDb('paged lists', (t) => {
  it('a later page (with a cursor) costs the same queries as the first, for 1 or 50 rows, and walks the list index', async () => {
    const category = await createCategory(t().db);
    for (let i = 0; i < 120; i++) await insertArticle(t().db, { categoryIds: [category.id], publishedAt: minutesAgo(i) });

    const agent = t().agent();
    const first = await agent.get('/api/news?limit=12');
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();

    const counts: number[] = [];
    for (const path of ['/api/news?limit=1', '/api/news?limit=50', `/api/news?limit=1&before=${cursor}`, `/api/news?limit=50&before=${cursor}`]) {
      counts.push(await t().countQueries(async () => expect((await agent.get(path)).status).toBe(200)));
    }
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBe(2); // the page and its categories (a visitor has no likes to look up)

    const [page] = await captureQueries(t(), () => agent.get(`/api/news?limit=12&before=${cursor}`));
    expect(page.sql).toMatch(/news_articles/);
    const plan = await planOf(t(), page);
    expect(plan).toMatch(/news_articles_list_idx|news_articles_editor_list_idx/);
    if (t().kind === 'sqlite') expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('usedBy lists the categories published articles or episodes carry, in display order, in one query', async () => {
    const late = await createCategory(t().db, { name: `Late ${Date.now()}`, displayOrder: 90 });
    const early = await createCategory(t().db, { name: `Early ${Date.now()}`, displayOrder: -90 });
    const draftOnly = await createCategory(t().db, { displayOrder: -80 });
    const episodesOnly = await createCategory(t().db, { displayOrder: -70 });
    const retired = await createCategory(t().db, { isActive: false, displayOrder: -60 });
    await insertArticle(t().db, { categoryIds: [late.id, early.id] });
    await insertArticle(t().db, { categoryIds: [retired.id], isArchived: true });
    await insertArticle(t().db, { categoryIds: [draftOnly.id], status: 'draft' });
    await insertPodcast(t().db, { categoryIds: [episodesOnly.id, early.id] });

    const ours = new Set([late.id, early.id, draftOnly.id, episodesOnly.id, retired.id]);
    const idsOf = (body: Array<{ id: string }>) => body.map((c) => c.id).filter((id) => ours.has(id));
    const agent = t().agent();

    const news = await agent.get('/api/news-categories?usedBy=news');
    expect(news.status).toBe(200);
    // An archived article's (deactivated) category still filters its Archive tab; a draft's does not show.
    expect(idsOf(news.body)).toEqual([early.id, retired.id, late.id]);
    expect(idsOf((await agent.get('/api/news-categories?usedBy=podcasts')).body)).toEqual([early.id, episodesOnly.id]);
    expect(idsOf((await agent.get('/api/news-categories?usedBy=news&activeOnly=true')).body)).toEqual([early.id, late.id]);

    // The same order as the admin list and the editor's choices (display order, then name).
    const all = idsOf((await agent.get('/api/news-categories')).body);
    expect(idsOf(news.body)).toEqual(all.filter((id) => idsOf(news.body).includes(id)));

    expect(await t().countQueries(() => agent.get('/api/news-categories?usedBy=news'))).toBe(1);

    const bad = await agent.get('/api/news-categories?usedBy=forums');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.usedBy).toEqual(["usedBy must be 'news' or 'podcasts'"]);
  });
});
