import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../test/harness';
import { signedIn } from '../test/agents';
import { insertArticle } from '../test/factories';

// Server rendering (SERVER_RENDERING, on by default) of the built PWA: `npm test` builds dist/pwa and dist/ssr first.
/** The markup in #root and the state after it, on a server-rendered page. */
const root = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*(<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>)/.exec(html);
const EMPTY_ROOT = '<div id="root"></div>';

describe.each(DB_KINDS)('server-rendered pages [%s]', (kind) => {
  let t: TestServer;
  let published: string;
  let draft: string;
  beforeAll(async () => {
    t = await startTestServer(kind, { serverRendering: true });
    published = await insertArticle(t.db, { title: 'Lease accounting <after> IFRS 16' });
    draft = await insertArticle(t.db, { title: 'Unreleased draft on goodwill', status: 'draft' });
  }, 60_000);
  afterAll(() => t?.close());

  it('sends /news with its articles in the markup and the state the browser starts from', async () => {
    const res = await t.agent().get('/news');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(EMPTY_ROOT);
    const [, markup, , state] = root(res.text) ?? [];
    expect(markup).toContain('Lease accounting &lt;after&gt; IFRS 16');
    expect(markup).not.toContain('Unreleased draft on goodwill');
    const parsed = JSON.parse(state);
    expect(parsed.queries.queries.length).toBeGreaterThan(0);
    // The paged list (12 cards at a time) holds its first page's answer as it is: named by path, not sent twice.
    expect(Object.values(parsed.paths)).toContainEqual(['/api/news?limit=12&view=card']);
    expect(parsed.answers.map(([path]: [string]) => path)).not.toContain('/api/news?limit=12&view=card');
    // The screen's stylesheet is linked; no inline script (the CSP refuses them) is sent.
    expect(res.text).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css" \/>/);
    expect(res.text.match(/<script>/g)).toBeNull();
    // The app's code is requested by /boot.js once the page has painted: the shell's module script
    // and preloads, and the screen's own chunk, are named there instead of in the head.
    expect(res.text).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const boot = /<script src="\/boot\.js" defer data-entry="(\/assets\/index-[^"]+\.js)" data-preload="([^"]*)"><\/script>/.exec(res.text);
    expect(boot).not.toBeNull();
    const preload = boot![2].split(' ');
    expect(preload.some((file) => /^\/assets\/app-[^"]+\.js$/.test(file))).toBe(true);
    expect(preload.some((file) => /^\/assets\/NewsListScreen-[^"]+\.js$/.test(file))).toBe(true);
    const shell = await t.agent().get('/news', { 'x-render': 'client' });
    expect(shell.text).toContain(`<script type="module" crossorigin src="${boot![1]}"></script>`);
  });

  it('renders a page in any case of its path, as the one spelling the server reads it in', async () => {
    for (const path of ['/NEWS', '/News/', `/NEWS/${published.toUpperCase()}`]) {
      const res = await t.agent().get(path);
      expect(res.status, path).toBe(200);
      expect(root(res.text)?.[1], path).toContain('Lease accounting &lt;after&gt; IFRS 16');
    }
  });

  it('renders the footer and the footer\'s pages (Markdown shipped with the app)', async () => {
    for (const [path, heading, text] of [
      ['/about', 'About Ledger Commons', 'Editorial independence'],
      ['/contact', 'Contact us', 'mailto:contact@ledgercommons.example'],
      ['/privacy', 'Privacy policy', 'lc.sid'],
      ['/terms', 'Terms of use', 'Not professional advice'],
    ]) {
      const markup = root((await t.agent().get(path)).text)?.[1] ?? '';
      expect(markup, path).toContain(`<h1>${heading}</h1>`);
      expect(markup, path).toContain(text);
      expect(markup, path).toMatch(/<footer class="site-footer">[\s\S]*href="\/privacy"[\s\S]*href="\/podcasts\/feed.xml"/);
    }
  });

  it('renders an article page, and only what the viewer may see', async () => {
    const article = await t.agent().get(`/news/${published}`);
    expect(root(article.text)?.[1]).toContain('Lease accounting &lt;after&gt; IFRS 16');

    // A draft is a 404 for a visitor: the plain shell goes out and the browser says 'Article Not Found'.
    const hidden = await t.agent().get(`/news/${draft}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toContain(EMPTY_ROOT);
    expect(hidden.text).not.toContain('Unreleased draft on goodwill');

    // An editor's cookie goes with the server's own API calls.
    const { agent: editor } = await signedIn(t.db, t.agent(), 'editor');
    const shown = await editor.get(`/news/${draft}`);
    expect(root(shown.text)?.[1]).toContain('Unreleased draft on goodwill');
  });

  it('sends the plain shell for unknown pages, pages that are not public screens, and X-Render: client', async () => {
    for (const path of [`/news/${randomUUID()}`, '/login', '/admin', '/no-such-page']) {
      const res = await t.agent().get(path);
      expect(res.text, path).toContain(EMPTY_ROOT);
    }
    const asked = await t.agent().get('/news', { 'x-render': 'client' });
    expect(asked.text).toContain(EMPTY_ROOT);
  });
});

describe('server rendering turned off (SERVER_RENDERING=off)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { serverRendering: false });
    await insertArticle(t.db, { title: 'Plain shell article' });
  }, 60_000);
  afterAll(() => t?.close());

  it('sends the shell as before', async () => {
    const res = await t.agent().get('/news');
    expect(res.text).toContain(EMPTY_ROOT);
  });
});
