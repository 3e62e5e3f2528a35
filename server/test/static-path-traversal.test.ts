import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from './harness';

/*
 * `curl --path-as-is http://host/../package.json` and `/..%2f..%2fpackage.json` must be 404 and
 * log nothing: koa-send's "Forbidden" for a path leaving the PWA directory must not fall through
 * to the error handler as a 500 with a logged stack trace.
 *
 * Requests go out through `http.request` with the path exactly as written: fetch and URL would
 * normalise the `..` away before it reached the server.
 */

const SECRET = 'secret-package-json-content';

function rawGet(url: string, rawPath: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const TRAVERSALS = [
  '/../package.json',
  '/../../package.json',
  '/..%2fpackage.json',
  '/..%2f..%2fpackage.json',
  '/%2e%2e/package.json',
  '/%2e%2e%2fpackage.json',
  '/assets/../../package.json',
  '/assets/..%2f..%2fpackage.json',
  '/..%5cpackage.json',
  '/..',
  '/../',
  '/%2e%2e',
  // Malformed escapes and NUL: koa-send refuses these too (400), which is still "nothing here".
  '/%E0%A4%A.js',
  '/index%00.html',
  '/%00',
];

describe.each(DB_KINDS)('static path traversal [%s]', (kind) => {
  let t: TestServer;
  const logged: unknown[][] = [];
  const root = mkdtempSync(path.join(os.tmpdir(), 'lc-traversal-'));
  beforeAll(async () => {
    // The built PWA one level below a file that must never be served.
    const pwaDir = path.join(root, 'dist', 'pwa');
    mkdirSync(path.join(pwaDir, 'assets'), { recursive: true });
    writeFileSync(path.join(pwaDir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
    writeFileSync(path.join(pwaDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(root, 'dist', 'package.json'), SECRET);
    writeFileSync(path.join(root, 'package.json'), SECRET);
    t = await startTestServer(kind, {
      pwaDir,
      logger: { error: (...args: unknown[]) => logged.push(args), info: () => {} },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    logged.length = 0;
  });

  for (const rawPath of TRAVERSALS) {
    it(`GET and HEAD ${rawPath} answer 404 without the file and log nothing`, async () => {
      const res = await rawGet(t.url, rawPath);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toMatch(/something went wrong/i);
      const head = await rawGet(t.url, rawPath, 'HEAD');
      expect(head.status).toBe(404);
      expect(logged).toEqual([]);
    });
  }

  it('the PWA itself is still served (files, and the shell for routes)', async () => {
    expect((await rawGet(t.url, '/assets/app-abc123.js')).status).toBe(200);
    const shell = await rawGet(t.url, '/news');
    expect(shell.status).toBe(200);
    expect(shell.body).toContain('<title>shell</title>');
    // A missing file is still the plain 404, not the shell.
    const missing = await rawGet(t.url, '/assets/gone-123.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('Not found');
  });

  it('traversal through /api and /objects is a JSON 404 from the API, never the file', async () => {
    for (const rawPath of ['/api/../package.json', '/api/..%2f..%2fpackage.json', '/objects/../package.json', '/objects/..%2f..%2fpackage.json']) {
      const res = await rawGet(t.url, rawPath);
      expect(res.status, rawPath).toBe(404);
      expect(res.body).not.toContain(SECRET);
    }
    expect(logged).toEqual([]);
  });
});
