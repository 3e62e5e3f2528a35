import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from './harness';
import { SESSION_COOKIE } from '../middleware/session';
import { signedIn } from './agents';
import { createCategory, insertArticle } from './factories';

// Server rendering needs the built PWA and renderer (`npx vite build`: dist/pwa and dist/ssr).
// The page cache is on (it follows the response cache's size), as in production.

/** The markup in #root and the state script after it, on a server-rendered page. */
const ROOT = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>\s*<\/body>/;
const EMPTY_ROOT = '<div id="root"></div>';

describe.each(DB_KINDS)('the page cache under attack [%s]', (kind) => {
  let t: TestServer;
  let categoryA: string;
  let categoryB: string;
  beforeAll(async () => {
    t = await startTestServer(kind, { serverRendering: true, responseCache: { maxEntries: 100 } });
    categoryA = (await createCategory(t.db, { name: 'Audit' })).id;
    categoryB = (await createCategory(t.db, { name: 'Tax' })).id;
    await insertArticle(t.db, { title: 'Lease accounting after IFRS 16', categoryIds: [categoryA] });
    await insertArticle(t.db, { title: 'Unreleased draft on goodwill', status: 'draft' });
  }, 60_000);
  afterAll(() => t?.close());

  const visit = (path: string, headers: Record<string, string> = {}) => t.agent().get(path, headers);

  if (kind === 'sqlite') {
    // PostgreSQL cannot store a NUL in text, so only SQLite can hold the row this needs.
    it('a NUL in an article title does not split the rendered page', async () => {
      const id = await insertArticle(t.db, { title: 'Before\u0000after the NUL' });
      for (const path of [`/news/${id}`, `/news/${id}`, '/news?nul=1']) {
        const res = await visit(path);
        expect(res.status).toBe(200);
        expect(res.text.match(/<div id="root">/g)).toHaveLength(1);
        const [, markup, state] = ROOT.exec(res.text) ?? [];
        expect(markup, path).toContain('Before\u0000after the NUL');
        expect(JSON.stringify(JSON.parse(state)), path).toContain('Before\\u0000after the NUL');
        // The head is whole and nothing follows the document (ROOT also wants </body> after the state).
        expect(res.text.indexOf('</head>')).toBeLessThan(res.text.indexOf('<div id="root">'));
        expect(res.text.trimEnd().endsWith('</html>')).toBe(true);
      }
    });
  }

  it('a junk or dead session cookie gets the visitors\' kept page', async () => {
    const first = await visit('/resources');
    expect(first.text).not.toContain(EMPTY_ROOT);
    expect(first.headers.get('x-cache')).toBe('miss');

    const { agent: ended } = await signedIn(t.db, t.agent());
    await t.db('sessions').where({ sid: ended.cookies.get(SESSION_COOKIE) }).delete();
    const { agent: deactivated, user } = await signedIn(t.db, t.agent());
    await t.db('users').where({ id: user.id }).update({ is_active: false });
    const dead = (agent: typeof ended) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

    for (const cookie of [
      `${SESSION_COOKIE}=junk`,
      `${SESSION_COOKIE}=${randomBytes(20).toString('hex')}; ${SESSION_COOKIE}.sig=forged`,
      dead(ended),
      dead(deactivated),
    ]) {
      const res = await visit('/resources', { cookie });
      expect(res.headers.get('x-cache'), cookie).toBe('hit');
      expect(res.headers.get('cache-control'), cookie).toBe('no-cache');
      expect(ROOT.exec(res.text)?.[1], cookie).toBe(ROOT.exec(first.text)?.[1]);
    }
  });

  it('random query parameters are served from the kept page; the ones a route reads are normalised', async () => {
    const first = await visit('/news');
    expect(first.text).not.toContain(EMPTY_ROOT);
    for (let i = 0; i < 5; i++) {
      const res = await visit(`/news?r=${randomBytes(8).toString('hex')}&utm_source=x`);
      expect(res.headers.get('x-cache')).toBe('hit');
      expect(res.text).toContain('Lease accounting after IFRS 16');
    }
    const sorted = [categoryA, categoryB].sort();
    const filtered = await visit(`/news?categories=${sorted.join(',')}`);
    expect(filtered.headers.get('x-cache')).toBe('miss');
    for (const query of [
      `categories=${sorted.reverse().join(',')}`,
      `categories=${sorted.join(',').toUpperCase()}&r=1`,
      `categories=${sorted.join(',')},not-an-id,${sorted[0]}`,
      // Shaped like an id but not one the app accepts (variant c): dropped, as the app drops it.
      `categories=${sorted.join(',')},00000000-0000-7000-c000-000000000000`,
    ]) {
      const res = await visit(`/news?${query}`);
      expect(res.headers.get('x-cache'), query).toBe('hit');
    }
    // A malformed id is dropped as the app drops it: no filter is the unfiltered page.
    expect((await visit('/news?categories=not-an-id')).headers.get('x-cache')).toBe('hit');
  });

  it('other spellings of a rendered route are that one page, from its one cache entry, not a page each', async () => {
    expect((await visit('/news')).status).toBe(200);
    for (const path of ['/news/', '/NEWS', '/News/']) {
      const res = await visit(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-cache'), path).toBe('hit');
    }
    // An unknown article (in capitals) is 404 (server/pages/missing.ts), rendered for nobody.
    const unknown = await visit(`/news/${'A'.repeat(8)}-0000-7000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain(EMPTY_ROOT);
  });

  it('signed-in pages are private and never the visitors\' page; visitors\' pages may be revalidated by shared caches', async () => {
    const visitor = await visit('/news');
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
    expect(visitor.text).not.toContain('Unreleased draft on goodwill');

    const { agent: editor } = await signedIn(t.db, t.agent(), 'editor');
    const own = await editor.get('/news');
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect(own.headers.get('x-cache')).toBeNull();
    expect(ROOT.exec(own.text)?.[1]).toContain('Unreleased draft on goodwill');
    // The shell that is not rendered for anyone in particular stays public.
    expect((await editor.get('/login')).headers.get('cache-control')).toBe('no-cache');
  });
});
