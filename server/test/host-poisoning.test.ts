import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from './harness';
import { rawRequest } from './raw-http';
import { insertArticle, insertPodcast } from './factories';

// Server rendering needs the built PWA and renderer (`npx vite build`: dist/pwa and dist/ssr).
// The page cache is on (it follows the response cache's size), as in production.
const CACHED = { serverRendering: true, responseCache: { maxEntries: 100 } };
const UNKNOWN_HOST = { message: 'Unknown host', code: 'unknown_host' };
/** Every document that builds absolute links from the site's origin. */
const DOCUMENTS = ['/podcasts', '/podcasts/feed.xml', '/feed.xml', '/feed.atom', '/sitemap.xml', '/robots.txt'];
/** The subscribe link the /podcasts page renders for a feed on `host`. */
const subscribeLink = (host: string) => `podcast://${host}/podcasts/feed.xml`;

describe.each(DB_KINDS)('host poisoning [%s]', (kind) => {
  describe('without PUBLIC_URL, no proxy trusted', () => {
    let t: TestServer;
    let host: string;
    beforeAll(async () => {
      t = await startTestServer(kind, { ...CACHED, allowedHosts: ['commons.example.org'] });
      host = new URL(t.url).host;
      await insertPodcast(t.db, { title: 'Closing the books' });
      await insertArticle(t.db, { title: 'Revenue recognition' });
    }, 60_000);
    afterAll(() => t?.close());

    it('refuses a forged Host with 400 unknown_host, so it never reaches the page the next visitor gets', async () => {
      for (const path of [...DOCUMENTS, '/api/health']) {
        const forged = await rawRequest(t.url, path, { headers: { host: 'evil.example' } });
        expect(forged.status, path).toBe(400);
        expect(forged.body, path).toEqual(UNKNOWN_HOST);
      }
      const page = await t.agent().get('/podcasts');
      expect(page.status).toBe(200);
      expect(page.text).toContain(subscribeLink(host));
      expect(page.text).not.toContain('evil.example');
      // The same page, kept, for the next visitor.
      const next = await t.agent().get('/podcasts');
      expect(next.headers.get('x-cache')).toBe('hit');
      expect(next.text).not.toContain('evil.example');
      const feed = await t.agent().get('/podcasts/feed.xml');
      expect(feed.text).toContain(`http://${host}/podcasts`);
      expect(feed.text).not.toContain('evil.example');
    });

    it('refuses hosts that only look like allowed ones', async () => {
      const port = new URL(t.url).port;
      for (const forged of [`evil.example:${port}`, `127.0.0.1.evil.example:${port}`, 'commons.example.org.evil.example', `localhost:${Number(port) + 1}`, 'a b', 'user@evil.example']) {
        const res = await rawRequest(t.url, '/podcasts', { headers: { host: forged } });
        expect(res.status, `host ${JSON.stringify(forged)}`).toBe(400);
      }
    });

    it('keeps a page per allowed host, each with its own links', async () => {
      const port = new URL(t.url).port;
      const viaLocalhost = await rawRequest(t.url, '/podcasts', { headers: { host: `localhost:${port}` } });
      expect(viaLocalhost.status).toBe(200);
      expect(viaLocalhost.text).toContain(subscribeLink(`localhost:${port}`));
      const viaName = await rawRequest(t.url, '/podcasts', { headers: { host: 'Commons.Example.org' } });
      expect(viaName.status).toBe(200);
      expect(viaName.text).toContain(subscribeLink('commons.example.org'));
      expect(viaName.text).not.toContain(subscribeLink(host));
      // The name in another spelling is the same host, and the same kept page.
      const again = await rawRequest(t.url, '/podcasts', { headers: { host: 'commons.example.org' } });
      expect(again.headers['x-cache']).toBe('hit');
      expect(again.text).toContain(subscribeLink('commons.example.org'));
      const direct = await t.agent().get('/podcasts');
      expect(direct.text).toContain(subscribeLink(host));
      expect(direct.text).not.toContain('localhost');
      expect(direct.text).not.toContain('commons.example.org');
    });

    it('ignores X-Forwarded-Host and -Proto from a peer that is not a trusted proxy', async () => {
      const forwarded = { host, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
      for (const path of DOCUMENTS) {
        const res = await rawRequest(t.url, path, { headers: forwarded });
        expect(res.status, path).toBe(200);
        expect(res.text, path).not.toContain('evil.example');
        expect(res.text, path).not.toContain(`https://${host}`);
      }
      const page = await rawRequest(t.url, '/podcasts', { headers: forwarded });
      expect(page.text).toContain(subscribeLink(host));
    });
  });

  describe('behind a trusted proxy', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(kind, { ...CACHED, trustProxy: ['127.0.0.1', '::1'], allowedHosts: ['commons.example.org'] });
      await insertPodcast(t.db, { title: 'Closing the books' });
    }, 60_000);
    afterAll(() => t?.close());

    it('checks the X-Forwarded-Host it reports like a Host', async () => {
      for (const path of DOCUMENTS) {
        const res = await rawRequest(t.url, path, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } });
        expect(res.status, path).toBe(400);
        expect(res.body, path).toEqual(UNKNOWN_HOST);
      }
    });

    it('builds links on the public origin the proxy reports when it is allowed', async () => {
      const headers = { 'x-forwarded-host': 'commons.example.org', 'x-forwarded-proto': 'https' };
      const page = await rawRequest(t.url, '/podcasts', { headers });
      expect(page.status).toBe(200);
      expect(page.text).toContain(subscribeLink('commons.example.org'));
      expect(page.text).toContain('href="https://commons.example.org/podcasts/feed.xml"');
      const feed = await rawRequest(t.url, '/podcasts/feed.xml', { headers });
      expect(feed.text).toContain('https://commons.example.org/podcasts');
      // The plain-http page of the same host is another origin, kept apart.
      const plain = await rawRequest(t.url, '/podcasts', { headers: { 'x-forwarded-host': 'commons.example.org', 'x-forwarded-proto': 'http' } });
      expect(plain.headers['x-cache']).toBe('miss');
      expect(plain.text).toContain('href="http://commons.example.org/podcasts/feed.xml"');
    });
  });

  describe('with PUBLIC_URL', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(kind, { ...CACHED, publicUrl: 'https://ledger.example' });
      await insertPodcast(t.db, { title: 'Closing the books' });
    }, 60_000);
    afterAll(() => t?.close());

    it('builds every absolute link, server-rendered pages included, on PUBLIC_URL whatever the Host', async () => {
      const port = new URL(t.url).port;
      for (const host of [new URL(t.url).host, `localhost:${port}`, 'ledger.example']) {
        for (const path of DOCUMENTS) {
          const res = await rawRequest(t.url, path, { headers: { host } });
          expect(res.status, `${host} ${path}`).toBe(200);
          expect(res.text, `${host} ${path}`).toContain('https://ledger.example/');
          expect(res.text, `${host} ${path}`).not.toContain(`http://${host}`);
        }
        const page = await rawRequest(t.url, '/podcasts', { headers: { host } });
        expect(page.text).toContain(subscribeLink('ledger.example'));
      }
    });

    it('still refuses a Host that is not one of the site\'s names', async () => {
      for (const path of DOCUMENTS) {
        const res = await rawRequest(t.url, path, { headers: { host: 'evil.example' } });
        expect(res.status, path).toBe(400);
      }
    });
  });
});
