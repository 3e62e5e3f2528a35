import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, startTestServer, type TestServer } from '../test/harness';
import { CSP_DIRECTIVES } from '../middleware/security';
import { createCategory, createUser, insertArticle, TEST_PASSWORD } from '../test/factories';
import { SESSION_COOKIE } from '../middleware/session';
import { signedIn } from '../test/agents';
import { publicImage } from '../test/uploads';

/** The CSP header as a map of directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

/** One response of each kind the server gives: API JSON, API error, page, static file, uploaded object miss. */
const SAMPLES: Array<[string, string, number]> = [
  ['GET', '/api/health', 200],
  ['GET', '/api/auth/user', 401],
  ['GET', '/api/no-such-route', 404],
  ['POST', '/api/news', 401],
  ['GET', '/objects/00000000-0000-7000-8000-000000000000', 404],
  ['GET', '/news', 200],
];

describeEachDb('security headers', (t) => {
  it('are on every kind of response, errors included', async () => {
    for (const [method, path, status] of SAMPLES) {
      const res = await t().agent().request(method, path);
      const where = `${method} ${path}`;
      // The page shell needs a build; without one the fallback answers 503, still with headers.
      if (path !== '/news') expect(res.status, where).toBe(status);
      expect(res.headers.get('content-security-policy'), where).toBeTruthy();
      expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), where).toBe('same-origin');
      expect(res.headers.get('x-frame-options'), where).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy'), where).toBe('same-origin');
      expect(res.headers.get('x-powered-by'), where).toBeNull();
    }
  });

  it('the CSP allows scripts from this origin only and forbids framing', async () => {
    const csp = parseCsp((await t().agent().get('/api/health')).headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'https:']);
    // Only styles may be inline (react-aria inserts <style> elements); nothing may be eval'd.
    const everything = [...csp.entries()].filter(([name]) => name !== 'style-src').flatMap(([, v]) => v);
    expect(everything).not.toContain("'unsafe-inline'");
    expect(everything).not.toContain("'unsafe-eval'");
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect([...csp.keys()].sort()).toEqual(Object.keys(CSP_DIRECTIVES).sort());
  });

  it("a page's built files and covers carry only the headers that act on them", async () => {
    const id = await insertArticle(t().db, { categoryIds: [(await createCategory(t().db)).id] });
    const cover = `/covers/article/${id}/640x360.webp`;
    // A cover, and a script or stylesheet under /assets/ (answered 404 when this run has no build).
    for (const path of [cover, '/assets/app-0000.js', '/assets/app-0000.css']) {
      const res = await t().agent().get(path);
      if (path === cover) expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'referrer-policy']) {
        expect(res.headers.get(header), `${path} ${header}`).toBeNull();
      }
    }
    // What can be a document or a worker keeps the whole set: the worker, an SVG, a page, a path that only looks like an asset.
    for (const path of ['/sw.js', '/images/article-placeholder.svg', '/assets/x.svg', '/assets/nested/app.js', '/news']) {
      const res = await t().agent().get(path);
      expect(res.headers.get('content-security-policy'), path).toBeTruthy();
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('sends no HSTS outside production', async () => {
    const res = await t().agent().get('/api/health');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('uploaded objects keep their own, stricter policy', async () => {
    const { agent } = await signedIn(t().db, t().agent());
    const res = await agent.get(await publicImage(agent));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('security headers and cookies in production (behind a TLS proxy)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: 'production', trustProxy: ['127.0.0.1'] });
  });
  afterAll(() => server?.close());

  it('add HSTS for a year and upgrade-insecure-requests', async () => {
    const res = await server.agent().get('/api/health');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(parseCsp(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    const asset = await server.agent().get('/assets/app-0000.js');
    expect(asset.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('sets the session cookie Secure, HttpOnly and SameSite=Lax', async () => {
    const user = await createUser(server.db);
    const https = server.url.replace('http:', 'https:');
    const res = await server.agent().request('POST', '/api/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https', origin: https },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/;\s*httponly/i);
    expect(cookie).toMatch(/;\s*samesite=lax/i);
    // The proxy says the site is https: the plain-http origin is another site now.
    const plain = await server.agent().request('POST', '/api/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https', origin: server.url },
    });
    expect(plain.status).toBe(403);
  });
});
