import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type Agent, type TestServer } from '../test/harness';
import type { S3Config } from './s3';
import { signedIn } from '../test/agents';
import { PNG_BYTES } from '../test/uploads';

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'ledger-uploads';
const STORAGE_DOWN = { message: 'File storage is unavailable. Please try again shortly.', code: 'storage_unavailable' };

/**
 * The object store (a real s3rver) stops while the database stays up: uploads and `/objects/…` say
 * the storage is unavailable (never "the database"), `/api/health` says so too, and all of it
 * recovers when the store is back on the same address.
 */
describe.each(DB_KINDS)('the S3 store down [%s]', (kind) => {
  let dir: string;
  let port: number;
  let s3rver: S3rver | undefined;
  let t: TestServer;
  const logged: string[] = [];

  const startS3 = async () => {
    s3rver = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
    port = ((await s3rver.run()) as { port: number }).port;
  };
  const stopS3 = async () => {
    await s3rver?.close();
    s3rver = undefined;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lc-s3-outage-'));
    port = 0;
    await startS3();
    const s3: S3Config = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS };
    t = await startTestServer(kind, { s3, logger: { error: (...args: unknown[]) => logged.push(args.map(String).join(' ')), info: () => {} } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stopS3();
    rmSync(dir, { recursive: true, force: true });
  });

  async function put(agent: Agent, url: string, body: Buffer) {
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { method: 'PUT', headers: { cookie, 'content-type': 'image/png', origin: agent.baseUrl }, body: body as BodyInit });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
  }

  it('answers 503 storage_unavailable for objects, uploads and health while it is down, and recovers', async () => {
    const { agent } = await signedIn(t.db, t.agent(), 'contributor');
    const url = (await agent.post('/api/objects/upload', {})).body.uploadURL as string;
    expect((await put(agent, url, PNG_BYTES)).status).toBe(200);
    const fin = await agent.put('/api/articles/images', { imageURL: url });
    expect(fin.status, fin.text).toBe(200);
    const objectPath = fin.body.objectPath as string;
    expect((await fetch(t.url + objectPath)).status).toBe(200);
    expect((await t.agent().get('/api/health')).body).toEqual({ ok: true });

    await stopS3();
    logged.length = 0;

    for (const target of [objectPath, `${objectPath}?w=480&fmt=webp`]) {
      const res = await fetch(t.url + target);
      expect(res.status, target).toBe(503);
      expect(res.headers.get('retry-after'), target).toBe('30');
      expect(await res.json(), target).toEqual(STORAGE_DOWN);
    }
    const next = (await agent.post('/api/objects/upload', {})).body.uploadURL as string;
    const upload = await put(agent, next, PNG_BYTES);
    expect([upload.status, upload.retryAfter, upload.body]).toEqual([503, '30', STORAGE_DOWN]);

    const health = await t.agent().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('30');
    expect(health.body).toEqual({ ok: false, storage: 'unavailable', ...STORAGE_DOWN });

    // The log names the storage, never the database.
    expect(logged.some((line) => line.includes('object storage unavailable'))).toBe(true);
    expect(logged.join('\n')).not.toMatch(/database/i);

    await startS3();
    await expect.poll(async () => (await t.agent().get('/api/health')).status, { timeout: 10_000, interval: 250 }).toBe(200);
    expect((await fetch(t.url + objectPath)).status).toBe(200);
  }, 60_000);

  it('a bucket address nothing listens on: health says the storage is unavailable from the start', async () => {
    const nothing: S3Config = { endpoint: 'http://127.0.0.1:9', bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS };
    const other = await startTestServer(kind, { s3: nothing, logger: { error: () => {}, info: () => {} } });
    try {
      const health = await other.agent().get('/api/health');
      expect([health.status, health.body.storage, health.body.code]).toEqual([503, 'unavailable', 'storage_unavailable']);
    } finally {
      await other.close();
    }
  }, 60_000);
});
