import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pwaMiddleware } from './static';
import { listen, type Listening } from './test/harness';

describe('PWA static serving', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-pwa-'));
  let server: Listening;
  let url = '';
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    const app = new Koa();
    app.use(pwaMiddleware(dir));
    server = await listen(app);
    url = server.url;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await fetch(`${url}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('falls back to the shell for client routes, revalidated', async () => {
    const res = await fetch(`${url}/news/some-id`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>shell</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('gives the shell a validator and answers a matching revalidation with 304 and no body', async () => {
    const first = await fetch(`${url}/news`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    // Node's fetch adds `Cache-Control: no-cache` to conditional requests; a browser's revalidation does not.
    const again = await fetch(`${url}/forums`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await fetch(`${url}/news`, { headers: { 'if-none-match': 'W/"other"', 'cache-control': 'max-age=0' } });
    expect(changed.status).toBe(200);
  });

  it('serves the service worker revalidated, so a new deploy is found on the next check', async () => {
    const res = await fetch(`${url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a missing file with 404, not the shell', async () => {
    const res = await fetch(`${url}/assets/app-old999.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<title>');
  });
});
