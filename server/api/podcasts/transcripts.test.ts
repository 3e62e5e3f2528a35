import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { Podcast } from '../../../contracts/podcasts';
import { SearchResponse } from '../../../contracts/search';
import { parseTranscript, TRANSCRIPT_MAX_CHARS } from '../../../contracts/transcripts';
import { describeEachDb, type Agent } from '../../test/harness';
import { viewerAgents, type Viewer } from '../../test/agents';
import { createCategory, insertPodcast, type CategoryFixture } from '../../test/factories';

const VTT = ['WEBVTT', '', 'NOTE recorded live', '', 'c1', '00:00.000 --> 00:04.500 line:90%', '<v Ann>Welcome to the close.', '', '00:04.500 --> 00:09.000', 'Today: leases &amp; IFRS 16.', ''].join('\n');
const SRT = '1\n00:00:00,000 --> 00:00:02,000\nFirst cue\n\n2\n00:00:02,000 --> 00:00:05,250\nSecond cue\n';
const TEXT = 'A paragraph of the talk.\n\nAnother paragraph.';

/** A made-up word no other text contains. */
const word = () => `zq${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;

/*
 * An episode's transcript and chapters through the API (docs/transcripts.md): what the editor
 * sends, what lists and the episode answer, the files podcast apps fetch, search and revisions.
 */
describeEachDb('episode transcripts and chapters', (t) => {
  let as: Record<Viewer, Agent>;
  let cat: CategoryFixture;
  beforeAll(async () => {
    as = await viewerAgents(t());
    cat = await createCategory(t().db);
  });

  const create = async (extra: Record<string, unknown>) => {
    const res = await as.editor.post('/api/podcasts', { title: `Episode ${word()}`, categoryIds: [cat.id], duration: '10:00', ...extra });
    expect(res.status, res.text).toBe(201);
    return Podcast.parse(res.body);
  };
  const row = (id: string) => t().db('podcast_episodes').where({ id }).first('title', 'transcript', 'transcript_text', 'chapters');

  it('creates an episode with a WebVTT transcript and chapters, stored sorted; lists carry chapters and hasTranscript, not the cues', async () => {
    const ep = await create({ transcript: VTT, chapters: [{ start: '4:30', title: 'Leases' }, { start: 0, title: 'Welcome' }, { start: '0:05', title: 'Agenda' }] });
    const cues = [
      { start: 0, end: 4.5, text: 'Ann: Welcome to the close.' },
      { start: 4.5, end: 9, text: 'Today: leases & IFRS 16.' },
    ];
    const chapters = [
      { start: 0, title: 'Welcome' },
      { start: 5, title: 'Agenda' },
      { start: 270, title: 'Leases' },
    ];
    expect(ep).toMatchObject({ hasTranscript: true, transcript: cues, chapters });

    const detail = await as.anonymous.get(`/api/podcasts/${ep.id}`);
    expect(Podcast.parse(detail.body)).toMatchObject({ hasTranscript: true, transcript: cues, chapters });
    const list = await as.anonymous.get(`/api/podcasts?categories=${cat.id}&limit=50`);
    const listed = list.body.find((p: { id: string }) => p.id === ep.id);
    expect(Podcast.parse(listed)).toMatchObject({ hasTranscript: true, chapters });
    expect(listed).not.toHaveProperty('transcript');
    expect((await row(ep.id))!.transcript_text).toBe('Ann: Welcome to the close.\n\nToday: leases & IFRS 16.');
  });

  it('replaces the transcript with SRT or pasted text, and blank or null removes it; [] removes the chapters', async () => {
    const ep = await create({ transcript: TEXT, chapters: [{ start: 0, title: 'Only' }] });
    expect(ep.transcript).toEqual([
      { start: null, end: null, text: 'A paragraph of the talk.' },
      { start: null, end: null, text: 'Another paragraph.' },
    ]);
    const srt = await as.editor.patch(`/api/podcasts/${ep.id}`, { transcript: SRT });
    expect(srt.status, srt.text).toBe(200);
    expect(srt.body.transcript).toEqual(parseTranscript(SRT));
    expect(srt.body.chapters).toEqual([{ start: 0, title: 'Only' }]);
    for (const blank of ['  \n', null]) {
      const res = await as.editor.patch(`/api/podcasts/${ep.id}`, { transcript: SRT });
      expect(res.body.hasTranscript).toBe(true);
      const removed = await as.editor.patch(`/api/podcasts/${ep.id}`, { transcript: blank, chapters: [] });
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body).toMatchObject({ hasTranscript: false, transcript: null, chapters: [] });
      expect(await row(ep.id)).toMatchObject({ transcript: null, transcript_text: null, chapters: null });
    }
  });

  it('refuses bad transcripts and chapters with field errors and writes nothing', async () => {
    const ep = await create({ chapters: [{ start: 0, title: 'Start' }] });
    const before = await row(ep.id);
    const refused: Array<[Record<string, unknown>, number, Record<string, string[]>]> = [
      [{ transcript: 'WEBVTT\n\n00:00:0x.000 --> 00:00:02.000\nHi' }, 400, { transcript: ['Line 3: "00:00:0x.000 --> 00:00:02.000" is not a cue timing (expected a line like 00:01:02.500 --> 00:01:05.000)'] }],
      [{ transcript: 'x'.repeat(TRANSCRIPT_MAX_CHARS + 1) }, 400, { transcript: ['Transcript must be at most 300,000 characters'] }],
      [{ chapters: [{ start: '1:00', title: 'A' }, { start: 60, title: 'B' }] }, 400, { 'chapters.1.start': ['Another chapter already starts at 1:00'] }],
      [{ chapters: [{ start: '1:00', title: 'A' }, { start: '1:2', title: '' }] }, 400, { 'chapters.1.start': ['Start must be a number of seconds, MM:SS or HH:MM:SS'], 'chapters.1.title': ['Title is required'] }],
      // Past the episode's 10 minutes (its own duration), then past a shorter one sent with it.
      [{ chapters: [{ start: 0, title: 'A' }, { start: '10:00', title: 'B' }] }, 422, { 'chapters.1.start': ['This chapter starts at 10:00, after the episode ends (10:00)'] }],
      [{ duration: 90, chapters: [{ start: '2:00', title: 'A' }, { start: 0, title: 'B' }] }, 422, { 'chapters.0.start': ['This chapter starts at 2:00, after the episode ends (1:30)'] }],
    ];
    for (const [body, status, errors] of refused) {
      const res = await as.editor.patch(`/api/podcasts/${ep.id}`, { title: 'Changed title', ...body });
      expect(res.status, res.text.slice(0, 300)).toBe(status);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0][0]);
      expect(await row(ep.id)).toEqual(before);
    }
    const title = `Never written ${word()}`;
    const res = await as.editor.post('/api/podcasts', { title, categoryIds: [cat.id], duration: 60, transcript: VTT, chapters: [{ start: '1:01', title: 'Late' }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'chapters.0.start': ['This chapter starts at 1:01, after the episode ends (1:00)'] });
    expect(await t().db('podcast_episodes').where({ title }).first()).toBeUndefined();
    // Without a known duration any start is taken.
    const open = await as.editor.post('/api/podcasts', { title: `No duration ${word()}`, categoryIds: [cat.id], chapters: [{ start: '5:00:00', title: 'Late' }] });
    expect(open.status, open.text).toBe(201);
  });

  it('serves the transcript as WebVTT or text and the chapters as JSON chapters, to whoever may open the episode', async () => {
    const timed = await create({ transcript: VTT, chapters: [{ start: 65, title: 'Second' }, { start: 0, title: 'First' }] });
    const vtt = await as.anonymous.get(`/api/podcasts/${timed.id}/transcript.vtt`);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers.get('cache-control')).toBe('public, max-age=300');
    expect(vtt.text.startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:04.500\n')).toBe(true);
    expect(parseTranscript(vtt.text)).toEqual(timed.transcript);
    const again = await as.anonymous.get(`/api/podcasts/${timed.id}/transcript.vtt`, { 'if-none-match': vtt.headers.get('etag')!, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
    const txt = await as.anonymous.get(`/api/podcasts/${timed.id}/transcript.txt`);
    expect([txt.status, txt.headers.get('content-type'), txt.text]).toEqual([200, 'text/plain; charset=utf-8', 'Ann: Welcome to the close.\n\nToday: leases & IFRS 16.\n']);
    const chapters = await as.anonymous.get(`/api/podcasts/${timed.id}/chapters.json`);
    expect(chapters.headers.get('content-type')).toBe('application/json+chapters; charset=utf-8');
    expect(chapters.body).toEqual({ version: '1.2.0', title: timed.title, chapters: [{ startTime: 0, title: 'First' }, { startTime: 65, title: 'Second' }] });

    // Pasted text has no times: no WebVTT of it, its text only; no chapters, no chapters file.
    const text = await create({ transcript: TEXT });
    expect((await as.anonymous.get(`/api/podcasts/${text.id}/transcript.vtt`)).status).toBe(404);
    expect((await as.anonymous.get(`/api/podcasts/${text.id}/transcript.txt`)).text).toBe(`${TEXT}\n`);
    expect((await as.anonymous.get(`/api/podcasts/${text.id}/chapters.json`)).status).toBe(404);

    // A draft's files are the editors' only, and kept by no cache.
    const draft = await create({ status: 'draft', transcript: VTT, chapters: [{ start: 0, title: 'A' }] });
    for (const file of ['transcript.vtt', 'transcript.txt', 'chapters.json']) {
      for (const viewer of ['anonymous', 'subscriber', 'contributor'] as const) {
        const res = await as[viewer].get(`/api/podcasts/${draft.id}/${file}`);
        expect([viewer, file, res.status]).toEqual([viewer, file, 404]);
        expect(res.body.message).toBe('Podcast episode not found');
      }
      const res = await as.editor.get(`/api/podcasts/${draft.id}/${file}`);
      expect([file, res.status, res.headers.get('cache-control')]).toEqual([file, 200, 'no-store']);
    }
  });

  it('reads a page of episodes in as many queries for 1 as for 40 with chapters and transcripts', async () => {
    const show = await create({});
    const few = await createCategory(t().db);
    const many = await createCategory(t().db);
    const chapters = JSON.stringify([{ start: 0, title: 'A' }]);
    const transcript = JSON.stringify([{ start: 0, end: 1, text: 'Hi' }]);
    const withBoth = async (categoryId: string) => {
      const id = await insertPodcast(t().db, { categoryIds: [categoryId], showId: show.showId! });
      await t().db('podcast_episodes').where({ id }).update({ chapters, transcript, transcript_text: 'Hi' });
    };
    await withBoth(few.id);
    for (let i = 0; i < 40; i++) await withBoth(many.id);
    for (const agent of [as.anonymous, as.editor]) {
      const one = await t().countQueries(() => agent.get(`/api/podcasts?categories=${few.id}&limit=50`));
      const forty = await t().countQueries(async () => {
        const res = await agent.get(`/api/podcasts?categories=${many.id}&limit=50`);
        expect(res.body).toHaveLength(40);
        for (const p of res.body) expect(Podcast.parse(p)).toMatchObject({ hasTranscript: true, chapters: [{ start: 0, title: 'A' }] });
      });
      expect(forty).toBe(one);
    }
  });

  it('finds an episode by a word only its transcript has (drafts for editors only)', async () => {
    const w = word();
    const ep = await create({ description: 'Nothing here', transcript: `WEBVTT\n\n00:01.000 --> 00:02.000\nWe talked about ${w} today.` });
    const draft = await create({ status: 'draft', transcript: `Pasted: ${w} again.` });
    const find = async (agent: Agent) => {
      const res = await agent.get(`/api/search?q=${w}`);
      expect(res.status, res.text).toBe(200);
      return SearchResponse.parse(res.body).results.map((r) => [r.kind, r.id]);
    };
    expect(await find(as.anonymous)).toEqual([['podcast', ep.id]]);
    expect(new Set(await find(as.editor))).toEqual(new Set([['podcast', ep.id], ['podcast', draft.id]].map((x) => x)));
    // Removing the transcript takes the word out of the index.
    await as.editor.patch(`/api/podcasts/${ep.id}`, { transcript: null });
    expect(await find(as.anonymous)).toEqual([]);
  });

  it('keeps the transcript and chapters in revisions, and a restore brings them back', async () => {
    const ep = await create({ transcript: SRT, chapters: [{ start: 30, title: 'Later' }, { start: 0, title: 'Start' }] });
    await as.editor.patch(`/api/podcasts/${ep.id}`, { transcript: TEXT, chapters: [] });
    const list = (await as.editor.get(`/api/podcasts/${ep.id}/revisions`)).body as Array<{ id: string }>;
    const first = await as.editor.get(`/api/podcasts/${ep.id}/revisions/${list.at(-1)!.id}`);
    expect(first.body.data).toMatchObject({ transcript: parseTranscript(SRT), chapters: [{ start: 0, title: 'Start' }, { start: 30, title: 'Later' }] });
    const restored = await as.editor.post(`/api/podcasts/${ep.id}/revisions/${list.at(-1)!.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    const detail = Podcast.parse((await as.editor.get(`/api/podcasts/${ep.id}`)).body);
    expect(detail).toMatchObject({ transcript: parseTranscript(SRT), chapters: [{ start: 0, title: 'Start' }, { start: 30, title: 'Later' }] });
    expect((await row(ep.id))!.transcript_text).toBe('First cue\n\nSecond cue');
  });
});
