import { beforeAll, expect, it } from 'vitest';
import { AUDIO_TOO_LONG, DURATION_MAX_SECONDS, Podcast } from '../../../contracts/podcasts';
import { toInt } from '../../db/dialect';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn } from '../../test/agents';
import { createCategory, type CategoryFixture } from '../../test/factories';
import { oggOpusClaiming, PNG_BYTES, putFile, SPEECH_MP3, uploadUrl, wavOfSilence } from '../../test/uploads';

const MP3 = SPEECH_MP3; // 16.01 s
const ID3 = Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1');

describeEachDb('episode audio', (t) => {
  let editor: Agent;
  let cat: CategoryFixture;
  let nextNumber = 500;
  beforeAll(async () => {
    editor = (await signedIn(t().db, t().agent(), 'editor')).agent;
    cat = await createCategory(t().db);
  });

  /** Uploads `bytes` as the editor and finalises it: the response of PUT /api/podcasts/audio. */
  async function finalised(bytes: Buffer, kind: 'audio' | 'image' = 'audio') {
    const url = await uploadUrl(editor, kind);
    expect((await putFile(editor, url, bytes)).status).toBe(200);
    return kind === 'audio' ? editor.put('/api/podcasts/audio', { audioURL: url }) : editor.put('/api/articles/images', { imageURL: url });
  }
  const episode = (extra: Record<string, unknown>) =>
    editor.post('/api/podcasts', { title: 'Reading the file', categoryIds: [cat.id], episodeNumber: nextNumber++, ...extra });

  it('finalising an audio upload answers its duration read from the file and keeps it; a file that is not audio is 422 and stays private', async () => {
    const mp3 = await finalised(MP3);
    expect(mp3.status).toBe(200);
    expect(mp3.body).toEqual({ objectPath: expect.stringMatching(/^\/objects\/[0-9a-f-]{36}$/), durationSeconds: 16 });
    const id = mp3.body.objectPath.slice('/objects/'.length);
    expect(toInt((await t().db('objects').where({ id }).first()).duration_seconds)).toBe(16);
    const served = await t().agent().get(mp3.body.objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-length')).toBe(String(MP3.length));

    const wav = await finalised(wavOfSilence(3));
    expect(wav.body.durationSeconds).toBe(3);

    // Starts like an MP3 (the type check passes), but holds no audio.
    const url = await uploadUrl(editor, 'audio');
    expect((await putFile(editor, url, Buffer.concat([ID3, Buffer.alloc(5000)]))).status).toBe(200);
    const fake = await editor.put('/api/podcasts/audio', { audioURL: url });
    expect(fake.status).toBe(422);
    expect(fake.body).toEqual({ message: 'The file could not be read as audio. Please upload an MP3, M4A, WAV or Ogg file.', code: 'unprocessable' });
    const row = await t().db('objects').where({ size: 5010 }).first();
    expect(row.finalized_at).toBeNull();
    expect((await t().agent().get(`/objects/${row.id}`)).status).toBe(404);
  });

  it('a file whose header claims more than 24 hours is refused (422) and stays private; exactly 24 hours is taken', async () => {
    for (const seconds of [1e10, DURATION_MAX_SECONDS + 1, 2 ** 31]) {
      const ogg = oggOpusClaiming(seconds);
      expect(ogg.length).toBeLessThan(200);
      const url = await uploadUrl(editor, 'audio');
      expect((await putFile(editor, url, ogg)).status).toBe(200);
      const refused = await editor.put('/api/podcasts/audio', { audioURL: url });
      expect(refused.status, String(seconds)).toBe(422);
      expect(refused.body).toEqual({ message: AUDIO_TOO_LONG, code: 'unprocessable' });
      const row = await t().db('objects').where({ size: ogg.length, kind: 'audio' }).orderBy('created_at', 'desc').first();
      expect(row.finalized_at).toBeNull();
      expect(row.duration_seconds).toBeNull();
      expect((await t().agent().get(`/objects/${row.id}`)).status).toBe(404);
      // Nor can an episode name it.
      expect((await episode({ audioUrl: `/objects/${row.id}` })).status).toBe(422);
    }
    const day = await finalised(oggOpusClaiming(DURATION_MAX_SECONDS));
    expect(day.status).toBe(200);
    expect(day.body.durationSeconds).toBe(DURATION_MAX_SECONDS);
    const created = await episode({ audioUrl: day.body.objectPath });
    expect(created.body).toMatchObject({ duration: DURATION_MAX_SECONDS, audioType: 'audio/ogg' });
  });

  it("an episode takes its file's length, type and duration (over a typed one); replacing and removing the file", async () => {
    const first = await finalised(MP3);
    const created = await episode({ audioUrl: first.body.objectPath, duration: '45:00' });
    expect(created.status).toBe(201);
    expect(Podcast.parse(created.body)).toMatchObject({ audioUrl: first.body.objectPath, audioBytes: MP3.length, audioType: 'audio/mpeg', duration: 16, externalUrl: null });
    const id = created.body.id;

    // A typed duration gives way to the file's while the episode keeps its file.
    const typed = await editor.patch(`/api/podcasts/${id}`, { duration: '1:00:00', title: 'Renamed' });
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({ title: 'Renamed', duration: 16, audioBytes: MP3.length });

    const wav = wavOfSilence(2);
    const second = await finalised(wav);
    const replaced = await editor.patch(`/api/podcasts/${id}`, { audioUrl: second.body.objectPath });
    expect(replaced.body).toMatchObject({ audioUrl: second.body.objectPath, audioBytes: wav.length, audioType: 'audio/wav', duration: 2 });

    const removed = await editor.patch(`/api/podcasts/${id}`, { audioUrl: '' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ audioUrl: null, audioBytes: null, audioType: null, duration: 2 });
    // Without a file, a typed duration stays.
    const retyped = await editor.patch(`/api/podcasts/${id}`, { duration: '12:34' });
    expect(retyped.body).toMatchObject({ duration: 754, audioUrl: null });
    expect((await t().agent().get(`/api/podcasts/${id}`)).body).toMatchObject({ duration: 754, audioBytes: null });
  });

  it("a spec client's http(s) link in audioUrl is kept as the external link; this site's absolute object URL is the file", async () => {
    const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const linked = await episode({ audioUrl: youtube, duration: '41:00' });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ audioUrl: null, externalUrl: youtube, audioBytes: null, duration: 2460 });

    // With a file already there, the link is added beside it and the file stays.
    const file = await finalised(MP3);
    const withFile = await episode({ audioUrl: `${t().url}${file.body.objectPath}` });
    expect(withFile.body).toMatchObject({ audioUrl: file.body.objectPath, audioBytes: MP3.length, duration: 16 });
    const patched = await editor.patch(`/api/podcasts/${withFile.body.id}`, { audioUrl: 'http://example.com/episode-7' });
    expect(patched.body).toMatchObject({ audioUrl: file.body.objectPath, externalUrl: 'http://example.com/episode-7', audioBytes: MP3.length });
    // Both sent: the external link sent wins, the other link is not a file.
    const both = await episode({ audioUrl: youtube, externalUrl: 'https://example.com/page' });
    expect(both.body).toMatchObject({ audioUrl: null, externalUrl: 'https://example.com/page' });
    // The external link alone, and cleared.
    const cleared = await editor.patch(`/api/podcasts/${linked.body.id}`, { externalUrl: null });
    expect(cleared.body.externalUrl).toBeNull();
  });

  it('refuses what is not a finalised audio upload of this site (422) and malformed links (400), never a 500', async () => {
    const image = await finalised(PNG_BYTES, 'image');
    const pendingUrl = await uploadUrl(editor, 'audio');
    await putFile(editor, pendingUrl, MP3);
    const pending = await t().db('objects').whereNull('finalized_at').where({ kind: 'audio', size: MP3.length }).first();
    const message = 'Audio file must be an audio file uploaded to this site';
    for (const audioUrl of [
      '/objects/019a0000-0000-7000-8000-00000000dead',
      image.body.objectPath,
      `/objects/${pending.id}`,
      '/podcasts',
      '/objects/not-an-id',
      `${t().url}/objects/019a0000-0000-7000-8000-00000000beef`,
    ]) {
      const res = await episode({ audioUrl });
      expect(res.status, audioUrl).toBe(422);
      expect(res.body, audioUrl).toEqual({ message, code: 'unprocessable', errors: { audioUrl: [message] } });
    }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ audioUrl: 'javascript:alert(1)' }, 'audioUrl'],
      [{ audioUrl: 42 }, 'audioUrl'],
      [{ externalUrl: '/relative/page' }, 'externalUrl'],
      [{ externalUrl: 'ftp://example.com/a.mp3' }, 'externalUrl'],
    ];
    for (const [body, field] of cases) {
      const res = await episode(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const unknown = await editor.patch('/api/podcasts/019a0000-0000-7000-8000-00000000dead', { audioUrl: image.body.objectPath });
    expect(unknown.status).toBe(404);
    // Finalising something that is not an upload URL stays a 400.
    expect((await editor.put('/api/podcasts/audio', { audioURL: '/objects/whatever' })).status).toBe(400);
  });
});
