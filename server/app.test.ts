import { expect, it } from 'vitest';
import { describeEachDb } from './test/harness';

describeEachDb('request handling', (t) => {
  it('answers malformed JSON with 400 JSON', async () => {
    const res = await t().agent().request('POST', '/api/auth/login', {
      raw: '{"email": "a@b.c", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Malformed request body' });
  });

  it('answers a JSON scalar body with 400', async () => {
    const res = await t().agent().request('POST', '/api/auth/login', { raw: '"hello"', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  it('answers a 2 MB JSON body with 413 JSON', async () => {
    const res = await t().agent().post('/api/auth/register', { email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: 'Request body is too large' });
  });

  it('refuses a non-JSON body on an API write with 415 JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t().agent().request('POST', '/api/auth/login', { raw: 'email=a@b.c&password=secret', headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(res.body.message).toBe('Content-Type must be application/json');
    }
  });

  it('answers an unknown /api path with 404 JSON, and a wrong method with 405', async () => {
    const res = await t().agent().get('/api/x');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'not_found' });
    const post = await t().agent().post('/api/nothing/here', { a: 1 });
    expect(post.status).toBe(404);
    expect(post.body.code).toBe('not_found');
    const wrongMethod = await t().agent().request('DELETE', '/api/auth/user');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toEqual({ message: 'Method not allowed', code: 'method_not_allowed' });
  });

  it('answers an unknown path under /objects or /covers with 404 JSON too, never the static plain text', async () => {
    // Found by the fuzzer: `/covers/<id>%00/%2e%2e/x` resolves to `/covers/x`, which no route matched.
    for (const path of ['/covers/x', '/covers/%EF%BF%BE', '/objects/a/b/c', '/api']) {
      const res = await t().agent().get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('reports health and the site name', async () => {
    expect((await t().agent().get('/api/health')).body).toEqual({ ok: true });
    // No CONTACT_EMAIL and no PUBLIC_URL here: the documented placeholder (README, Configuration).
    expect((await t().agent().get('/api/site')).body).toEqual({ siteName: 'Ledger Commons', contactEmail: 'contact@ledgercommons.example', mailEnabled: true });
  });

  it('never leaks a stack trace on an unexpected error', async () => {
    // A string where an object is expected must be a clean 400, and nothing mentions internals.
    const res = await t().agent().post('/api/auth/login', { email: { $gt: '' }, password: ['x'] });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/at .*\.ts|stack|knex|sqlite|postgres/i);
  });
});
