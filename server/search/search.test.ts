import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { SearchResponse, type SearchResult } from '../../contracts/search';
import { describeEachDb, type Agent } from '../test/harness';
import { highlightTitle, queryTerms, snippet } from '../../contracts/search-terms';
import { createCategory, forumCategory, insertArticle } from '../test/factories';
import { viewerAgents, VIEWERS, type Viewer } from '../test/agents';

/** A made-up word no sample or other test text contains, so each test sees only its own rows. */
const word = () => `zq${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;

describeEachDb('search', (t) => {
  let as: Record<Viewer, Agent>;
  let categoryId: string;
  let forumCategoryId: string;
  beforeAll(async () => {
    as = await viewerAgents(t());
    categoryId = (await createCategory(t().db)).id;
    forumCategoryId = (await forumCategory(t().db)).id;
  });

  const find = async (agent: Agent, q: string): Promise<SearchResult[]> => {
    const res = await agent.get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status, res.text).toBe(200);
    return SearchResponse.parse(res.body).results;
  };
  const createArticle = async (title: string, content: string, extra: Record<string, unknown> = {}) => {
    const res = await as.editor.post('/api/news', { title, content, categoryIds: [categoryId], ...extra });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };

  it('finds a word from an article body and ranks a title match above it', async () => {
    const w = word();
    const bodyMatch = await createArticle('Quarterly close notes', `The team discussed ${w} at length during the close.`);
    const titleMatch = await createArticle(`Why ${w} matters`, 'A short body without the word.');
    const results = await find(as.anonymous, w);
    expect(results.map((r) => r.id)).toEqual([titleMatch, bodyMatch]);
    const [first, second] = results;
    expect(first).toMatchObject({ kind: 'article', url: `/news/${titleMatch}`, isDraft: false });
    expect(first.title.text.slice(...first.title.highlights[0])).toBe(w);
    expect(second.snippet.text.slice(...second.snippet.highlights[0])).toBe(w);
  });

  it('searches podcasts, discussions and resources too, by word prefix and every word', async () => {
    const w = word();
    const podcast = await as.editor.post('/api/podcasts', { title: `Episode on ${w}`, categoryIds: [categoryId], description: 'Talk' });
    const discussion = await as.subscriber.post('/api/forum/discussions', { title: 'A question', content: `How do you handle ${w}s?`, categoryId: forumCategoryId });
    const resource = await as.admin.post('/api/resources', { title: 'Guide', description: `Everything about ${w} and more`, type: 'ebook', category: 'taxation' });
    for (const r of [podcast, discussion, resource]) expect(r.status, r.text).toBe(201);

    const results = await find(as.anonymous, w.slice(0, 7));
    expect(new Map(results.map((r) => [r.id, r.kind]))).toEqual(
      new Map([
        [podcast.body.id, 'podcast'],
        [discussion.body.id, 'discussion'],
        [resource.body.id, 'resource'],
      ]),
    );
    expect(results.find((r) => r.kind === 'discussion')?.url).toBe(`/forums/${discussion.body.id}`);
    // Every word must match.
    expect((await find(as.anonymous, `${w} guide`)).map((r) => r.id)).toEqual([resource.body.id]);
  });

  it('never returns drafts to non-editors, nor archived items to anyone', async () => {
    const w = word();
    const draft = await createArticle(`Draft ${w}`, 'Body', { status: 'draft' });
    const archived = await insertArticle(t().db, { title: `Archived ${w}`, isArchived: true });
    const published = await createArticle(`Published ${w}`, 'Body');
    for (const viewer of VIEWERS) {
      const ids = (await find(as[viewer], w)).map((r) => r.id);
      const editor = viewer === 'editor' || viewer === 'admin';
      expect(ids.sort(), viewer).toEqual((editor ? [draft, published] : [published]).sort());
      expect(ids, viewer).not.toContain(archived);
    }
    expect((await find(as.editor, w)).find((r) => r.id === draft)?.isDraft).toBe(true);
  });

  it('stays in step after an edit, an unpublish, an archive and a delete', async () => {
    const [before, after] = [word(), word()];
    const id = await createArticle(`About ${before}`, 'Body text');
    expect((await find(as.anonymous, before)).map((r) => r.id)).toEqual([id]);

    expect((await as.editor.patch(`/api/news/${id}`, { title: `About ${after}` })).status).toBe(200);
    expect(await find(as.anonymous, before)).toEqual([]);
    expect((await find(as.anonymous, after)).map((r) => r.id)).toEqual([id]);

    expect((await as.editor.patch(`/api/news/${id}/status`, { status: 'draft' })).status).toBe(200);
    expect(await find(as.anonymous, after)).toEqual([]);
    expect((await as.editor.patch(`/api/news/${id}/status`, { status: 'published' })).status).toBe(200);
    expect((await as.editor.patch(`/api/news/${id}/archive`, { isArchived: true })).status).toBe(200);
    expect(await find(as.anonymous, after)).toEqual([]);
    expect((await as.editor.patch(`/api/news/${id}/archive`, { isArchived: false })).status).toBe(200);
    expect((await find(as.anonymous, after)).map((r) => r.id)).toEqual([id]);

    expect((await as.editor.delete(`/api/news/${id}`)).status).toBe(200);
    expect(await find(as.editor, after)).toEqual([]);
  });

  it('treats query syntax as plain words and validates q and limit', async () => {
    const w = word();
    const id = await createArticle(`Syntax ${w}`, 'Body');
    for (const q of [`"${w}`, `${w}*`, `(${w})`, `-${w}^`, `${w}:*`, `${w} & !`, `'${w}'`, `${w.toUpperCase()} |`]) {
      expect((await find(as.anonymous, q)).map((r) => r.id), q).toEqual([id]);
    }
    expect(await find(as.anonymous, '*** "" ()')).toEqual([]);
    for (const path of ['/api/search', '/api/search?q=', '/api/search?q=%20%20', `/api/search?q=${'a'.repeat(201)}`, '/api/search?q=x&limit=0', '/api/search?q=x&limit=51', '/api/search?q=x&limit=abc']) {
      const res = await as.anonymous.get(path);
      expect(res.status, path).toBe(400);
      expect(typeof res.body.message, path).toBe('string');
    }
    const many = word();
    for (let i = 0; i < 3; i++) await insertArticle(t().db, { title: `${many} ${i}` });
    expect((await as.anonymous.get(`/api/search?q=${many}&limit=2`)).body.results).toHaveLength(2);
  });

  it('answers in a fixed number of queries', async () => {
    const w = word();
    for (let i = 0; i < 5; i++) await insertArticle(t().db, { title: `${w} ${i}` });
    expect(await t().countQueries(() => find(as.anonymous, w))).toBeLessThanOrEqual(3);
  });
});

it('builds terms and highlights without markup', () => {
  expect(queryTerms(' Audit, "AI"  & audit* <script> ')).toEqual(['audit', 'ai', 'script']);
  expect(highlightTitle('Auditing <b>AI</b>', ['audits'])).toEqual({ text: 'Auditing <b>AI</b>', highlights: [[0, 8]] });
  const s = snippet(`# Heading\n\n${'word '.repeat(40)}the **ledger** closes | a | table |`, ['ledger']);
  expect(s.text.startsWith('…')).toBe(true);
  expect(s.text).not.toMatch(/[#*|]/);
  expect(s.text.slice(...s.highlights[0])).toBe('ledger');
});
