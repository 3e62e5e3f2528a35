import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, listen, type Agent, type Listening } from '../test/harness';
import { errorHandler } from '../middleware/errors';
import { CROSS_SITE_MESSAGE, requireSameOrigin } from '../middleware/security';
import { forwardedHeaders, InternalCalls, TrustedProxies } from '../middleware/proxy';
import { signedIn } from '../test/agents';
import { insertArticle } from '../test/factories';
import { PNG_BYTES, uploadPath } from '../test/uploads';

const EVIL = 'https://evil.example';

describeEachDb('cross-site request refusal', (t) => {
  let member: Agent;
  let articleId: string;
  const comments = async () => Number((await t().db('news_comments').where({ article_id: articleId }).count({ n: '*' }))[0].n);
  const comment = (headers: Record<string, string>) =>
    member.request('POST', `/api/news/${articleId}/comments`, { body: { content: 'csrf?' }, headers });

  beforeAll(async () => {
    member = (await signedIn(t().db, t().agent())).agent;
    articleId = await insertArticle(t().db);
  });

  it('refuses a write whose Origin is another site, and changes nothing', async () => {
    for (const origin of [EVIL, 'null', t().url.replace('127.0.0.1', 'localhost'), t().url.replace(/:\d+$/, ':1'), t().url.replace('http:', 'https:')]) {
      const res = await comment({ origin });
      expect(res.status, origin).toBe(403);
      expect(res.body).toEqual({ message: CROSS_SITE_MESSAGE, code: 'cross_site_request' });
    }
    expect(await comments()).toBe(0);
  });

  it('refuses every unsafe method, signed in or not, before anything else runs', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const agent of [member, t().agent()]) {
        const res = await agent.request(method, `/api/news/${articleId}`, { body: { title: 'x' }, headers: { origin: EVIL } });
        expect(res.status, method).toBe(403);
      }
    }
    // Even the login form cannot be posted from elsewhere (login CSRF).
    const login = await t().agent().request('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'secret1' }, headers: { origin: EVIL } });
    expect(login.status).toBe(403);
    // A cross-site form post is refused for its origin before its content type is looked at.
    const form = await t().agent().request('POST', '/api/auth/logout', { raw: 'x=1', headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(403);
  });

  it('falls back to Referer when there is no Origin', async () => {
    expect((await comment({ origin: '', referer: `${EVIL}/page` })).status).toBe(403);
    expect((await comment({ origin: '', referer: 'not a url' })).status).toBe(403);
    expect(await comments()).toBe(0);
    const same = await comment({ origin: '', referer: `${t().url}/news/${articleId}` });
    expect(same.status).toBe(201);
  });

  it('falls back to Sec-Fetch-Site when there is neither Origin nor Referer', async () => {
    expect((await comment({ origin: '', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await comment({ origin: '', 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await comment({ origin: '', 'sec-fetch-site': 'same-origin' })).status).toBe(201);
  });

  it('lets through a client that is not a browser (no Origin, Referer or Sec-Fetch-Site)', async () => {
    // Browsers always send Origin on these methods, so such a request cannot ride a victim's cookies.
    expect((await comment({ origin: '' })).status).toBe(201);
  });

  it('accepts the same origin and leaves safe methods alone', async () => {
    expect((await comment({})).status).toBe(201);
    const read = await member.get(`/api/news/${articleId}/comments`, { origin: EVIL });
    expect(read.status).toBe(200);
  });

  it('refuses a cross-site upload before a byte is stored or the URL is spent', async () => {
    const path = await uploadPath(member);
    const res = await member.request('PUT', path, { raw: PNG_BYTES, headers: { origin: EVIL, 'content-type': 'image/png' } });
    expect(res.status).toBe(403);
    const ok = await member.request('PUT', path, { raw: PNG_BYTES, headers: { 'content-type': 'image/png' } });
    expect(ok.status).toBe(200);
  });
});

describe.each([
  ['a proxy in TRUST_PROXY', ['127.0.0.1'], true],
  ['a peer not in TRUST_PROXY', ['10.0.0.0/8'], false],
])('origin check behind %s', (_name, trusted, believed) => {
  let server: Listening;
  let url: string;
  beforeAll(async () => {
    const app = new Koa({ proxy: true });
    app.silent = true;
    app.use(forwardedHeaders(new TrustedProxies(trusted), new InternalCalls()));
    app.use(errorHandler({ error: () => {}, info: () => {} }));
    app.use(requireSameOrigin());
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    server = await listen(app);
    url = server.url;
  });
  afterAll(() => server.close());

  const post = (headers: Record<string, string>) => fetch(url, { method: 'POST', headers }).then((r) => r.status);

  it(believed ? 'compares with the public origin the proxy reports' : 'ignores the X-Forwarded-* it sends and compares with the connection', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'commons.example.org' };
    expect(await post({ ...forwarded, origin: 'https://commons.example.org' })).toBe(believed ? 200 : 403);
    expect(await post({ ...forwarded, origin: 'http://commons.example.org' })).toBe(403);
    expect(await post({ ...forwarded, origin: url })).toBe(believed ? 403 : 200);
  });
});
