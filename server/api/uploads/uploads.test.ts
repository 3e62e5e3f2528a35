import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { describeEachDb, type TestServer } from '../../test/harness';
import { LIMITS } from '../../../contracts/common';
import { hashToken } from './repo';
import { parseRange } from './objects';
import { signedIn } from '../../test/agents';
import { paddedPng, PNG_BYTES, putFile, SPEECH_MP3, uploadUrl } from '../../test/uploads';

/** A real 1×1 PNG: finalising decodes images. Bytes appended after it are ignored by decoders. */
const PNG = PNG_BYTES;
const ID3 = Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1');
/** The start of a real MP3 (its tag and first frames, which say how long it is): finalising reads audio. */
const MP3_HEAD = SPEECH_MP3.subarray(0, 4096);
const CHUNK = 64 * 1024;
/** A recognisable byte pattern: byte i of every chunk is i % 251. */
const PATTERN = Uint8Array.from({ length: CHUNK }, (_, i) => i % 251);

/** A real PNG of `size` bytes (its filler inside the image, so finalising keeps every byte). */
const png = (size = 4096) => paddedPng(size);

/** Files in the server's upload directory, temp files included. */
const filesIn = (t: TestServer) => (existsSync(t.storageDir) ? readdirSync(t.storageDir) : []);

/**
 * `size` bytes streamed in 64 KiB chunks without ever holding the file: the first chunk starts
 * with `head`, the rest repeat PATTERN (the same array each time, so the client allocates nothing).
 */
function streamOf(
  size: number,
  head: Buffer,
  checkpoint?: { every: number; run: () => Promise<void> },
): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (checkpoint && sent > 0 && sent % checkpoint.every === 0) await checkpoint.run();
      if (sent >= size) return controller.close();
      const n = Math.min(CHUNK, size - sent);
      if (sent === 0) {
        const first = Uint8Array.from(PATTERN.subarray(0, n));
        first.set(head.subarray(0, n));
        controller.enqueue(first);
      } else {
        controller.enqueue(n === CHUNK ? PATTERN : PATTERN.subarray(0, n));
      }
      sent += n;
    },
  });
}

/** The byte at `offset` of a file made by streamOf. */
const byteAt = (offset: number, head: Buffer) => (offset < head.length ? head[offset] : PATTERN[offset % CHUNK]);

function gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describeEachDb('uploads', (t) => {
  it('asking for an upload URL, uploading and finalising need a signed-in user', async () => {
    const anonymous = t().agent();
    expect((await anonymous.post('/api/objects/upload')).status).toBe(401);
    expect((await anonymous.put('/api/articles/images', { imageURL: '/api/uploads/x' })).status).toBe(401);
    expect((await anonymous.put('/api/podcasts/audio', { audioURL: '/api/uploads/x' })).status).toBe(401);
    const { agent } = await signedIn(t().db, t().agent(), 'subscriber');
    const url = await uploadUrl(agent);
    expect((await putFile(anonymous, url, png())).status).toBe(401);
    expect(filesIn(t())).toEqual([]);
  });

  it('GET /api/upload-parameters is public and gives the limits of spec 9', async () => {
    const res = await t().agent().get('/api/upload-parameters');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      method: 'PUT',
      maxNumberOfFiles: 1,
      urlTtlSeconds: 900,
      maxFileSize: { image: 5_242_880, audio: 104_857_600 },
      allowedTypes: { image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'], audio: expect.arrayContaining(['audio/mpeg']) },
    });
  });

  it('the upload URL names this site even when the request carries no Origin (scripts, API clients)', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'contributor');
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${t().url}/api/objects/upload`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).uploadURL).toMatch(new RegExp(`^${t().url}/api/uploads/[A-Za-z0-9_-]{43}$`));
  });

  it('upload → finalise → GET /objects/<id> serves the image with its type, nosniff and a year of caching', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'contributor');
    const url = await uploadUrl(agent);
    expect(url).toMatch(new RegExp(`^${t().url}/api/uploads/[A-Za-z0-9_-]{43}$`));
    const file = png(10_000);
    // The declared type is not trusted: the bytes decide.
    const up = await putFile(agent, url, file, 'text/plain');
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ ok: true, size: 10_000, contentType: 'image/png' });
    const files = filesIn(t());
    expect(files.filter((f) => f.startsWith('.'))).toEqual([]);

    const fin = await agent.put('/api/articles/images', { imageURL: url });
    expect(fin.status).toBe(200);
    expect(fin.body.objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect(files).toContain(fin.body.objectPath.split('/')[2]);

    const res = await fetch(t().url + fin.body.objectPath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);

    // A relative URL names the same upload, and finalising twice gives the same path.
    expect((await agent.put('/api/articles/images', { imageURL: new URL(url).pathname })).body).toEqual(fin.body);
    // Someone else's upload, the wrong kind, or something that is not an upload URL: refused.
    const { agent: other } = await signedIn(t().db, t().agent(), 'editor');
    expect((await other.put('/api/articles/images', { imageURL: url })).status).toBe(403);
    expect((await agent.put('/api/podcasts/audio', { audioURL: url })).status).toBe(400);
    expect((await agent.put('/api/articles/images', { imageURL: 'https://evil.example/x.png' })).status).toBe(400);
    expect((await agent.put('/api/articles/images', {})).status).toBe(400);
  });

  it('an upload is not served before it is finalised, and unknown objects are 404', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'subscriber');
    const url = await uploadUrl(agent);
    await putFile(agent, url, png());
    const row = await t().db('upload_tokens').where({ token_hash: hashToken(url.split('/').pop()!) }).first();
    expect(row.object_id).toBeTruthy();
    expect((await fetch(`${t().url}/objects/${row.object_id}`)).status).toBe(404);
    expect((await fetch(`${t().url}/objects/00000000-0000-7000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${t().url}/objects/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    // Finalising a URL that received no file is refused.
    const unused = await uploadUrl(agent);
    expect((await agent.put('/api/articles/images', { imageURL: unused })).status).toBe(400);
  });

  it('an image of 5 MB + 1 byte is refused with 413 and nothing is kept (declared or streamed)', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'subscriber');
    const before = filesIn(t());
    const tooBig = png(LIMITS.imageBytes + 1);

    const declared = await putFile(agent, await uploadUrl(agent), tooBig, 'image/png');
    expect(declared.status).toBe(413);
    expect(declared.body.message).toMatch(/too large/);
    expect(filesIn(t())).toEqual(before);

    // Without a Content-Length the limit is enforced while counting the streamed bytes.
    const url = await uploadUrl(agent);
    const streamed = await putFile(agent, url, streamOf(LIMITS.imageBytes + 1, PNG), 'image/png');
    expect(streamed.status).toBe(413);
    expect(filesIn(t())).toEqual(before);
    expect(await t().db('objects').where({ size: LIMITS.imageBytes + 1 })).toHaveLength(0);
    // The URL was used up by the failed attempt.
    expect((await putFile(agent, url, png())).status).toBe(410);

    // Exactly the limit is fine.
    const exact = await putFile(agent, await uploadUrl(agent), streamOf(LIMITS.imageBytes, PNG), 'image/png');
    expect(exact.status).toBe(200);
    expect(exact.body.size).toBe(LIMITS.imageBytes);
  });

  it('a file that is not what its kind accepts is refused with 415 and nothing is kept', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'editor');
    const before = filesIn(t());
    const text = Buffer.from('This is a plain text file pretending to be a picture.\n'.repeat(100));
    const res = await putFile(agent, await uploadUrl(agent), text, 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/Unsupported file type/);
    expect(filesIn(t())).toEqual(before);

    // An image is not audio, and a tiny or empty file is nothing.
    expect((await putFile(agent, await uploadUrl(agent, 'audio'), png(), 'audio/mpeg')).status).toBe(415);
    expect((await putFile(agent, await uploadUrl(agent), Buffer.from([0xff, 0xd8]), 'image/jpeg')).status).toBe(415);
    expect((await putFile(agent, await uploadUrl(agent), Buffer.alloc(0), 'image/jpeg')).status).toBe(415);
    expect(filesIn(t())).toEqual(before);
    expect((await agent.post('/api/objects/upload', { kind: 'video' })).status).toBe(400);
  });

  it('recognises each accepted format from its first bytes', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'editor');
    const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64, 1)]);
    const cases: Array<['image' | 'audio', Buffer, string]> = [
      ['image', pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg'],
      ['image', pad(PNG), 'image/png'],
      ['image', pad(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')), 'image/webp'],
      ['image', pad(Buffer.from('GIF89a', 'latin1')), 'image/gif'],
      ['audio', pad(ID3), 'audio/mpeg'],
      ['audio', pad(Buffer.from([0xff, 0xfb, 0x90, 0x64])), 'audio/mpeg'],
      ['audio', pad(Buffer.from('\x00\x00\x00\x20ftypM4A ', 'latin1')), 'audio/mp4'],
      ['audio', pad(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')), 'audio/wav'],
      ['audio', pad(Buffer.from('OggS\x00\x02', 'latin1')), 'audio/ogg'],
    ];
    for (const [kind, file, type] of cases) {
      const res = await putFile(agent, await uploadUrl(agent, kind), file);
      expect(res.status, type).toBe(200);
      expect(res.body.contentType).toBe(type);
    }
    // AAC's ADTS header looks like an MPEG frame sync but is not MP3.
    expect((await putFile(agent, await uploadUrl(agent, 'audio'), pad(Buffer.from([0xff, 0xf1, 0x50, 0x80])))).status).toBe(415);
  });

  it('an upload URL is single-use, expires, and belongs to the user it was given to', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'subscriber');
    const url = await uploadUrl(agent);
    expect((await putFile(agent, url, png())).status).toBe(200);
    const reused = await putFile(agent, url, png());
    expect(reused.status).toBe(410);
    expect(reused.body.message).toMatch(/already been used/);

    const expiring = await uploadUrl(agent);
    const token = expiring.split('/').pop()!;
    await t().db('upload_tokens').where({ token_hash: hashToken(token) }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    const expired = await putFile(agent, expiring, png());
    expect(expired.status).toBe(410);
    expect(expired.body.message).toMatch(/expired/);
    // Expired URLs that never carried a file are tidied away when the user asks for a new one.
    await uploadUrl(agent);
    expect(await t().db('upload_tokens').where({ token_hash: hashToken(token) }).first()).toBeUndefined();
    expect(await t().db('upload_tokens').where({ token_hash: hashToken(url.split('/').pop()!) }).first()).toBeDefined();

    const { agent: other } = await signedIn(t().db, t().agent(), 'admin');
    expect((await putFile(other, await uploadUrl(agent), png())).status).toBe(403);
    expect((await putFile(agent, `${t().url}/api/uploads/${'A'.repeat(43)}`, png())).status).toBe(404);
    expect((await putFile(agent, `${t().url}/api/uploads/short`, png())).status).toBe(404);
    // The table keeps only a hash of the token.
    expect(await t().db('upload_tokens').where({ token_hash: token }).first()).toBeUndefined();
  });

  it('streams a 20 MB audio file without holding it in memory; ranges serve the right bytes', async () => {
    const gc = gcFunction();
    const { agent } = await signedIn(t().db, t().agent(), 'editor');
    const url = await uploadUrl(agent, 'audio');
    const size = 20 * 1024 * 1024;

    // Every 2 MB sent, the client pauses, lets the server catch up, collects garbage and measures
    // what is still held. A server that buffered the body would hold all it has received so far.
    gc();
    const base = process.memoryUsage();
    const rss: number[] = [];
    let arrayBuffersPeak = 0;
    const measure = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      gc();
      const m = process.memoryUsage();
      rss.push(m.rss - base.rss);
      arrayBuffersPeak = Math.max(arrayBuffersPeak, m.arrayBuffers - base.arrayBuffers);
    };
    const body = streamOf(size, MP3_HEAD, { every: 2 * 1024 * 1024, run: measure });
    const res = await putFile(agent, url, body, 'audio/mpeg');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, size, contentType: 'audio/mpeg' });
    expect(rss).toHaveLength(10);
    expect(arrayBuffersPeak).toBeLessThan(10 * 1024 * 1024);
    // RSS has spikes of its own (heap growth during collection), so the typical sample is judged.
    const medianRss = [...rss].sort((a, b) => a - b)[rss.length >> 1];
    expect(medianRss).toBeLessThan(10 * 1024 * 1024);

    const fin = await agent.put('/api/podcasts/audio', { audioURL: url });
    expect(fin.status).toBe(200);
    expect(fin.body.durationSeconds).toBe(16); // from the MP3's own header, without reading 20 MB
    const objectUrl = t().url + fin.body.objectPath;

    const range = async (header: string) => {
      const r = await fetch(objectUrl, { headers: { range: header } });
      return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
    };
    const expected = (start: number, end: number) => Buffer.from(Array.from({ length: end - start + 1 }, (_, i) => byteAt(start + i, MP3_HEAD)));

    const head = await range('bytes=0-9');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 0-9/${size}`);
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect(head.headers.get('content-length')).toBe('10');
    expect(head.bytes.equals(MP3_HEAD.subarray(0, 10))).toBe(true);

    // Across a chunk boundary, deep in the file.
    const middle = await range(`bytes=${5 * CHUNK - 7}-${5 * CHUNK + 8}`);
    expect(middle.status).toBe(206);
    expect(middle.bytes.equals(expected(5 * CHUNK - 7, 5 * CHUNK + 8))).toBe(true);

    const tail = await range('bytes=-5');
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect(tail.bytes.equals(expected(size - 5, size - 1))).toBe(true);
    const open = await range(`bytes=${size - 3}-`);
    expect(open.bytes.equals(expected(size - 3, size - 1))).toBe(true);
    const clamped = await range(`bytes=${size - 2}-${size + 100}`);
    expect(clamped.headers.get('content-range')).toBe(`bytes ${size - 2}-${size - 1}/${size}`);

    const unsatisfiable = await range(`bytes=${size}-`);
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe(`bytes */${size}`);

    const whole = await fetch(objectUrl, { method: 'HEAD' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(size));
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
  }, 120_000);

  it('parses byte ranges as RFC 9110 says', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=2-', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 10)).toBeUndefined();
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
    expect(parseRange('', 10)).toBeUndefined();
  });
});
