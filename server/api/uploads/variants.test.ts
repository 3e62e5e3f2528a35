import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { describeEachDb, type Agent, type TestServer } from '../../test/harness';
import { now } from '../../db/dialect';
import { hashToken } from './repo';
import { signedIn } from '../../test/agents';
import { WAV_BYTES } from '../../test/uploads';

/*
 * An uploaded image is decoded, turned upright and resized when it is finalised; its sizes
 * (and the original) carry no metadata; an upload that only looks like an image is refused.
 */

/** A marker written into the EXIF, to find in any bytes that still carry it. */
const MARK = 'Photographer-7f3a';

/** A 2000×1000 JPEG whose EXIF says "turn a quarter right" (so upright it is 1000×2000), with GPS. */
async function sidewaysPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2563eb' } })
    .composite([{ input: { create: { width: 200, height: 1000, channels: 3, background: '#f59e0b' } }, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Copyright: MARK, Make: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function upload(t: TestServer, agent: Agent, file: Buffer, kind: 'image' | 'audio' = 'image'): Promise<string> {
  const { body } = await agent.post('/api/objects/upload', { kind });
  const res = await fetch(body.uploadURL, { method: 'PUT', headers: { cookie: agent.cookieHeader(), origin: t.url }, body: new Uint8Array(file) });
  expect(res.status).toBe(200);
  return body.uploadURL;
}

async function bytesOf(t: TestServer, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(t.url + url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describeEachDb('uploaded image sizes', (t) => {
  it('finalising a photo makes upright sizes of 480, 960 and its own 1000 px width, in WebP and JPEG, with no EXIF', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'contributor');
    const photo = await sidewaysPhoto();
    expect(photo.includes(Buffer.from(MARK))).toBe(true);
    const imageURL = await upload(t(), agent, photo);
    const fin = await agent.put('/api/articles/images', { imageURL });
    expect(fin.status).toBe(200);
    const objectPath: string = fin.body.objectPath;
    expect(objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    // Never wider than the original, which upright is 1000 px wide.
    expect(fin.body.variants.map((v: { width: number; format: string }) => `${v.width}:${v.format}`).sort()).toEqual(
      ['1000:jpg', '1000:webp', '480:jpg', '480:webp', '960:jpg', '960:webp'].sort(),
    );

    for (const [w, fmt, width] of [
      [480, 'webp', 480],
      [960, 'webp', 960],
      [1600, 'webp', 1000],
      [480, 'jpg', 480],
      [1600, 'jpg', 1000],
    ] as const) {
      const res = await bytesOf(t(), `${objectPath}?w=${w}&fmt=${fmt}`);
      expect(res.status, `${w} ${fmt}`).toBe(200);
      expect(res.headers.get('content-type')).toBe(fmt === 'webp' ? 'image/webp' : 'image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.bytes).metadata();
      // Upright: portrait, twice as tall as wide.
      expect([meta.width, meta.height]).toEqual([width, width * 2]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(res.bytes.includes(Buffer.from(MARK))).toBe(false);
      // The orange band that was on the left is now at the top.
      const { data } = await sharp(res.bytes).extract({ left: Math.round(width / 2), top: 2, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200);
      expect(data[2]).toBeLessThan(80);
    }
    // `fmt` defaults to WebP; the same size is one ETag, answered 304 when the browser has it.
    const webp = await bytesOf(t(), `${objectPath}?w=960`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const again = await bytesOf(t(), `${objectPath}?w=960&fmt=webp`, { 'if-none-match': webp.headers.get('etag')!, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);

    // The original is served upright and without its metadata too (it was replaced before it went public).
    const original = await bytesOf(t(), objectPath);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(original.bytes).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([1000, 2000, undefined, undefined]);
    expect(original.bytes.includes(Buffer.from(MARK))).toBe(false);
    const row = await t().db('objects').where({ id: objectPath.split('/')[2] }).first();
    expect(Number(row.size)).toBe(original.bytes.length);

    // Finalising again answers the same, and leaves the (already clean) original alone.
    expect((await agent.put('/api/articles/images', { imageURL })).body).toEqual(fin.body);
    expect((await bytesOf(t(), objectPath)).bytes.equals(original.bytes)).toBe(true);
  }, 60_000);

  it('bytes appended after an image (a ZIP, an HTML page) are cut off: the served original is the image alone', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'contributor');
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40, 1), Buffer.from('evil.html<script>alert(1)</script>PK\x05\x06', 'latin1'), Buffer.alloc(18)]);
    const html = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#16a34a' } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#dc2626' } }).jpeg({ progressive: true }).toBuffer();
    const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2563eb' } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#9333ea' } }).webp().toBuffer();
    for (const [name, image, tail] of [
      ['png', png, zip],
      ['jpeg', jpeg, html],
      ['gif', gif, zip],
      ['webp', webp, html],
    ] as const) {
      const url = await upload(t(), agent, Buffer.concat([image, tail]));
      const fin = await agent.put('/api/articles/images', { imageURL: url });
      expect(fin.status, name).toBe(200);
      const served = await bytesOf(t(), fin.body.objectPath);
      expect(served.bytes.equals(image), name).toBe(true);
      expect(served.bytes.includes(Buffer.from('<script>')), name).toBe(false);
      expect(served.bytes.includes(Buffer.from('PK\x03\x04', 'latin1')), name).toBe(false);
      expect(Number(served.headers.get('content-length')), name).toBe(image.length);
      const meta = await sharp(served.bytes).metadata();
      expect([meta.width, name]).toEqual([name === 'png' || name === 'jpeg' ? 64 : 16, name]);
      const row = await t().db('objects').where({ id: fin.body.objectPath.split('/')[2] }).first();
      expect(Number(row.size), name).toBe(image.length);
    }
  }, 60_000);

  it('a small image is never enlarged; a clean upload is kept byte for byte', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'subscriber');
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const url = await upload(t(), agent, png);
    const fin = await agent.put('/api/articles/images', { imageURL: url });
    expect(fin.status).toBe(200);
    expect(fin.body.variants).toEqual([
      { width: 300, height: 200, format: 'jpg', url: `${fin.body.objectPath}?w=300&fmt=jpg` },
      { width: 300, height: 200, format: 'webp', url: `${fin.body.objectPath}?w=300&fmt=webp` },
    ]);
    expect((await agent.put('/api/articles/images', { imageURL: url })).body).toEqual(fin.body);
    expect((await bytesOf(t(), fin.body.objectPath)).bytes.equals(png)).toBe(true);
    for (const w of [480, 960, 1600]) {
      const meta = await sharp((await bytesOf(t(), `${fin.body.objectPath}?w=${w}`)).bytes).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([300, 200, true]);
    }
    // The JPEG fallback has no transparency: the image sits on white.
    const jpg = await sharp((await bytesOf(t(), `${fin.body.objectPath}?w=480&fmt=jpg`)).bytes).metadata();
    expect([jpg.format, jpg.hasAlpha]).toEqual(['jpeg', false]);
  });

  it('a file that only starts like an image is refused with 422 and never published', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'subscriber');
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x41)]);
    const url = await upload(t(), agent, fake);
    const fin = await agent.put('/api/articles/images', { imageURL: url });
    expect(fin.status).toBe(422);
    expect(fin.body).toMatchObject({ code: 'unprocessable', message: expect.stringMatching(/could not be read as an image/) });
    const { object_id } = await t().db('upload_tokens').where({ token_hash: hashToken(url.split('/').pop()!) }).first();
    expect((await t().db('objects').where({ id: object_id }).first()).finalized_at).toBeNull();
    expect((await bytesOf(t(), `/objects/${object_id}`)).status).toBe(404);
    expect(await t().db('object_variants').where({ object_id })).toHaveLength(0);

    // A truncated JPEG: its header reads, its pixels do not.
    const photo = await sidewaysPhoto();
    const truncated = await agent.put('/api/articles/images', { imageURL: await upload(t(), agent, photo.subarray(0, Math.floor(photo.length / 2))) });
    expect(truncated.status).toBe(422);
  });

  it('sizes are 480, 960 or 1600 in webp or jpg; audio has none; an image published before sizes existed gets them on request', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'editor');
    const fin = await agent.put('/api/articles/images', { imageURL: await upload(t(), agent, await sidewaysPhoto()) });
    for (const query of ['w=500', 'w=960&fmt=png', 'fmt=avif', 'w=abc', 'w=', 'w=960&w=480']) {
      const res = await bytesOf(t(), `${fin.body.objectPath}?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.parse(res.bytes.toString())).toMatchObject({ code: 'bad_request' });
    }
    const audio = await agent.put('/api/podcasts/audio', { audioURL: await upload(t(), agent, WAV_BYTES, 'audio') });
    expect(audio.status).toBe(200);
    expect(audio.body).toEqual({ objectPath: expect.stringMatching(/^\/objects\//), durationSeconds: 1 });
    expect((await bytesOf(t(), `${audio.body.objectPath}?w=480`)).status).toBe(400);

    // An object finalised before this feature: its file and row, no sizes.
    const id = uuidv7();
    const legacy = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    writeFileSync(path.join(t().storageDir, id), legacy);
    await t().db('objects').insert({ id, kind: 'image', content_type: 'image/jpeg', size: legacy.length, path: id, finalized_at: now(), created_at: now() });
    const sized = await bytesOf(t(), `/objects/${id}?w=960`);
    expect(sized.status).toBe(200);
    expect((await sharp(sized.bytes).metadata()).width).toBe(960);
    expect((await t().db('object_variants').where({ object_id: id })).map((v: { width: number }) => v.width).sort()).toEqual([1200, 1200, 480, 480, 960, 960]);
    // … and one that cannot be decoded is sent as it is rather than failing the page.
    const broken = uuidv7();
    writeFileSync(path.join(t().storageDir, broken), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(100)]));
    await t().db('objects').insert({ id: broken, kind: 'image', content_type: 'image/jpeg', size: 103, path: broken, finalized_at: now(), created_at: now() });
    const asIs = await bytesOf(t(), `/objects/${broken}?w=480`);
    expect(asIs.status).toBe(200);
    expect(asIs.bytes.length).toBe(103);
  }, 60_000);
});
