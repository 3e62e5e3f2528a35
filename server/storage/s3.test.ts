import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../test/harness';
import { connect } from '../db/connect';
import type { S3Config } from './s3';
import { signedIn } from '../test/agents';
import { paddedPng, PNG_BYTES, putFile, uploadUrl } from '../test/uploads';

/** s3rver's own credentials; it checks request signatures against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'ledger-uploads';

/**
 * Uploads in an S3-compatible bucket, against a real S3-protocol server started here
 * (s3rver, in-process), never a mocked client. Two apps on one database and one bucket, each with
 * its own pool and spool directory, as two machines: what one receives, the other serves, with the
 * same checks as the local disk (size, magic bytes, single-use URL) and the same answers (type,
 * nosniff, ranges).
 */
describe.each(DB_KINDS)('uploads in an S3 bucket [%s]', (kind) => {
  let s3rver: S3rver;
  let dir: string;
  let s3: S3Config;
  let a: TestServer;
  let b: TestServer;
  let secondPool: ReturnType<typeof connect>;
  let bucketKeys: () => Promise<string[]>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lc-s3rver-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = (await s3rver.run()) as { port: number };
    s3 = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS };
    a = await startTestServer(kind, { s3 });
    secondPool = connect(a.config);
    b = await startTestServer(kind, { s3, database: { kind, db: secondPool, config: a.config, drop: async () => {} } });
    const client = new S3Client({ endpoint: s3.endpoint, region: s3.region, credentials: CREDENTIALS, forcePathStyle: true });
    bucketKeys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await secondPool?.destroy();
    await a?.close();
    await s3rver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an image uploaded through A is in the bucket and served by B, with its type, nosniff and ranges', async () => {
    const { agent } = await signedIn(a.db, a.agent(), 'contributor');
    const file = paddedPng(20_000);
    const url = await uploadUrl(agent);
    expect((await putFile(agent, url, file, 'image/png')).status).toBe(200);
    const fin = await agent.put('/api/articles/images', { imageURL: url });
    expect(fin.status, fin.text).toBe(200);
    const id = (fin.body.objectPath as string).split('/')[2];
    expect(await bucketKeys()).toContain(id);

    const whole = await fetch(b.url + fin.body.objectPath);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);

    const part = await fetch(b.url + fin.body.objectPath, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(100, 200))).toBe(true);

    // The resized sizes (sharp) are made from the bucket's copy and kept there too.
    const variant = await fetch(`${b.url}${fin.body.objectPath}?w=480&fmt=webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect((await bucketKeys()).filter((key) => key.startsWith(id)).length).toBeGreaterThan(1);
    // Nothing is left in the spool directories once the bucket has the bytes.
    for (const server of [a, b]) expect(existsSync(path.join(server.storageDir, '.spool')) ? readdirSync(path.join(server.storageDir, '.spool')) : []).toEqual([]);
  });

  it('refuses what the local disk refuses, and keeps nothing of it in the bucket', async () => {
    const { agent } = await signedIn(a.db, a.agent(), 'editor');
    const before = await bucketKeys();
    const text = Buffer.from('This is a plain text file pretending to be a picture.\n'.repeat(100));
    const wrong = await putFile(agent, await uploadUrl(agent), text, 'image/png');
    expect(wrong.status).toBe(415);
    const tooBig = await putFile(agent, await uploadUrl(agent), Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    expect(tooBig.status).toBe(413);
    expect(await bucketKeys()).toEqual(before);

    // A URL is single-use, whichever machine receives the second attempt.
    const url = await uploadUrl(agent);
    expect((await putFile(agent, url, Buffer.concat([PNG_BYTES, Buffer.alloc(1000)]), 'image/png')).status).toBe(200);
    const onB = b.agent();
    for (const [name, value] of agent.cookies) onB.cookies.set(name, value);
    expect((await putFile(onB, url.replace(a.url, b.url), Buffer.concat([PNG_BYTES, Buffer.alloc(1000)]), 'image/png')).status).toBe(410);
  });

  it('an unknown object is 404 on either machine', async () => {
    for (const server of [a, b]) expect((await fetch(`${server.url}/objects/00000000-0000-7000-8000-000000000000`)).status).toBe(404);
  });
});
