import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type DbKind, type TestServer } from './harness';
import { hashToken } from '../api/uploads/repo';
import { STALE_TEMP_UPLOAD_MS, sweepUploads } from '../api/uploads/sweep';
import { createStorage } from '../storage/index';
import { signedIn } from './agents';
import { paddedPng, putFile, uploadUrl, WAV_BYTES, wavOfSilence } from './uploads';

/*
 * Uploads under abuse (docs/security.md §12): audio is for editors and admins, each member keeps at
 * most their quota of bytes, and uploads never finalised are removed once their URL has expired.
 */

const QUOTA = { memberBytes: 50_000, staffBytes: 200_000 };

const png = paddedPng;

/** `size` bytes streamed without a Content-Length, so only the server's count can stop it. */
function streamed(body: Buffer): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= body.length) return controller.close();
      controller.enqueue(Uint8Array.from(body.subarray(sent, sent + 8192)));
      sent += 8192;
    },
  });
}

describe.each(DB_KINDS)('upload abuse [%s]', (kind: DbKind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { uploadQuota: QUOTA });
  }, 60_000);
  afterAll(async () => t?.close());

  const files = () => (existsSync(t.storageDir) ? readdirSync(t.storageDir) : []);
  const objectsOf = async (userId: string) => t.db('objects').where({ user_id: userId });

  it('subscribers and contributors cannot upload or publish audio; editors and admins can', async () => {
    for (const role of ['subscriber', 'contributor'] as const) {
      const { agent, user } = await signedIn(t.db, t.agent(), role);
      const res = await agent.post('/api/objects/upload', { kind: 'audio' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Only editors and admins can upload audio', code: 'forbidden' });
      expect(await t.db('upload_tokens').where({ user_id: user.id })).toEqual([]);
      // Images stay open to every member.
      expect((await agent.post('/api/objects/upload', { kind: 'image' })).status).toBe(200);
    }
    for (const role of ['editor', 'admin'] as const) {
      const { agent } = await signedIn(t.db, t.agent(), role);
      const url = await uploadUrl(agent, 'audio');
      expect((await putFile(agent, url, wavOfSilence(1))).status).toBe(200);
      const fin = await agent.put('/api/podcasts/audio', { audioURL: url });
      expect(fin.status).toBe(200);
    }
  });

  it('an audio upload made by an editor since demoted cannot be published', async () => {
    const { agent, user } = await signedIn(t.db, t.agent(), 'editor');
    const url = await uploadUrl(agent, 'audio');
    expect((await putFile(agent, url, WAV_BYTES)).status).toBe(200);
    await t.db('users').where({ id: user.id }).update({ role: 'subscriber' });
    const fin = await agent.put('/api/podcasts/audio', { audioURL: url });
    expect(fin.status).toBe(403);
    expect((await objectsOf(user.id)).map((o) => o.finalized_at)).toEqual([null]);
  });

  it("a member's uploads stop at their quota: when asking for a URL (413) and while bytes arrive (413), nothing kept", async () => {
    const { agent, user } = await signedIn(t.db, t.agent(), 'subscriber');
    const first = await uploadUrl(agent);
    expect((await putFile(agent, first, png(30_000))).status).toBe(200);
    expect((await agent.put('/api/articles/images', { imageURL: first })).status).toBe(200);
    const before = files();

    // 20,000 bytes left: 25,000 more is refused, declared (Content-Length) or streamed.
    const declared = await putFile(agent, await uploadUrl(agent), png(25_000));
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ message: 'Not enough upload space: you have used 29 KB of your 49 KB.', code: 'quota_exceeded' });
    const stream = await putFile(agent, await uploadUrl(agent), streamed(png(25_000)));
    expect(stream.status).toBe(413);
    expect(stream.body.code).toBe('quota_exceeded');
    expect(files()).toEqual(before);
    expect(await objectsOf(user.id)).toHaveLength(1);

    // What fits is taken; once the space is used up, even the URL is refused.
    expect((await putFile(agent, await uploadUrl(agent), png(20_000))).status).toBe(200);
    const full = await agent.post('/api/objects/upload', { kind: 'image' });
    expect(full.status).toBe(413);
    expect(full.body.code).toBe('quota_exceeded');

    // Another member has their own space; an editor a larger one.
    const { agent: other } = await signedIn(t.db, t.agent(), 'subscriber');
    expect((await putFile(other, await uploadUrl(other), png(40_000))).status).toBe(200);
    const { agent: editor } = await signedIn(t.db, t.agent(), 'editor');
    expect((await putFile(editor, await uploadUrl(editor), png(150_000))).status).toBe(200);
  });

  it('an upload not finalised before its URL expired is swept with its file; finalised and live ones stay', async () => {
    const { agent, user } = await signedIn(t.db, t.agent(), 'editor');
    const upload = async (finalise: boolean) => {
      const url = await uploadUrl(agent);
      expect((await putFile(agent, url, png(2_000))).status).toBe(200);
      if (finalise) expect((await agent.put('/api/articles/images', { imageURL: url })).status).toBe(200);
      const token = hashToken(url.split('/').pop()!);
      const row = await t.db('upload_tokens').where({ token_hash: token }).first();
      return { url, token, objectId: row.object_id as string };
    };
    const abandoned = await upload(false);
    const published = await upload(true);
    const pending = await upload(false);
    const expire = (token: string) =>
      t.db('upload_tokens').where({ token_hash: token }).update({ expires_at: new Date(Date.now() - 60 * 60_000).toISOString() });
    await expire(abandoned.token);
    await expire(published.token);

    // Finalising after the URL has expired is too late (the sweep may already have taken it)…
    const late = await agent.put('/api/articles/images', { imageURL: abandoned.url });
    expect(late.status).toBe(410);
    // …though finalising a published one again still answers its path.
    expect((await agent.put('/api/articles/images', { imageURL: published.url })).status).toBe(200);

    // Temp files: one untouched for over an hour (its upload died), one being written now.
    const staleTemp = path.join(t.storageDir, '.upload-00000000-0000-4000-8000-000000000001.tmp');
    const liveTemp = path.join(t.storageDir, '.upload-00000000-0000-4000-8000-000000000002.tmp');
    writeFileSync(staleTemp, 'half an upload');
    writeFileSync(liveTemp, 'an upload in progress');
    const old = new Date(Date.now() - STALE_TEMP_UPLOAD_MS - 60_000);
    utimesSync(staleTemp, old, old);

    const swept = await sweepUploads(t.db, createStorage(t.storageDir));
    expect(swept).toEqual({ unfinalised: 1, temps: 1 });
    expect(files()).not.toContain(abandoned.objectId);
    expect(files()).toEqual(expect.arrayContaining([published.objectId, pending.objectId, path.basename(liveTemp)]));
    expect(files()).not.toContain(path.basename(staleTemp));
    expect((await objectsOf(user.id)).map((o) => o.id).sort()).toEqual([published.objectId, pending.objectId].sort());
    expect(await t.db('upload_tokens').where({ token_hash: abandoned.token }).first()).toBeUndefined();
    expect((await fetch(`${t.url}/objects/${published.objectId}`)).status).toBe(200);
    // The swept bytes no longer count against the quota.
    expect(Number((await t.db('objects').where({ user_id: user.id }).sum({ n: 'size' }))[0].n)).toBe(4_000);
  });
});
