import { beforeAll, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { parseDuration, Podcast } from '../../../contracts/podcasts';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn, viewerAgents, VIEWERS, type Viewer } from '../../test/agents';
import { createCategory, insertPodcast, minutesAgo, type CategoryFixture } from '../../test/factories';

describeEachDb('podcasts', (t) => {
  let as: Record<Viewer, Agent>;
  beforeAll(async () => {
    as = await viewerAgents(t());
  });

  const freshCategory = () => createCategory(t().db);
  const ids = (res: { body: Array<{ id: string }> }) => res.body.map((a) => a.id);
  // Episode numbers are unique per show (podcast-shows.test.ts): each body gets a fresh one.
  let nextNumber = 100;
  const validBody = (cat: CategoryFixture, extra: Record<string, unknown> = {}) => ({
    title: 'Closing the books with AI',
    description: 'A conversation',
    categoryIds: [cat.id],
    episodeNumber: nextNumber++,
    duration: '45:30',
    audioUrl: 'https://youtube.com/watch?v=abc',
    imageUrl: '/objects/uploads/cover',
    hostName: 'Host',
    guestName: 'Guest',
    guestTitle: 'CFO',
    ...extra,
  });

  it('lists visible, non-archived episodes newest first with categories, liked and seconds', async () => {
    const cat = await freshCategory();
    const older = await insertPodcast(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(20), duration: 2700 });
    const newer = await insertPodcast(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(10) });
    const draft = await insertPodcast(t().db, { categoryIds: [cat.id], status: 'draft', createdAt: minutesAgo(5) });
    const archived = await insertPodcast(t().db, { categoryIds: [cat.id], isArchived: true });

    const res = await as.anonymous.get(`/api/podcasts?categories=${cat.id}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([newer, older]);
    const ep = Podcast.parse(res.body[1]);
    expect(ep).toMatchObject({ duration: 2700, playCount: 0, likes: 0, liked: false, categoryIds: [cat.id], categories: [{ id: cat.id, name: cat.name, slug: cat.slug, color: cat.color }] });
    for (const viewer of VIEWERS) {
      const list = ids(await as[viewer].get(`/api/podcasts?categories=${cat.id}`));
      const detail = await as[viewer].get(`/api/podcasts/${draft}`);
      const editor = viewer === 'editor' || viewer === 'admin';
      expect(list, viewer).toEqual(editor ? [draft, newer, older] : [newer, older]);
      expect(detail.status, viewer).toBe(editor ? 200 : 404);
    }
    expect(ids(await as.anonymous.get(`/api/podcasts?categories=${cat.id}&archivedOnly=true`))).toEqual([archived]);
  });

  it('filters by any of several categories and pages with the cursor', async () => {
    const [a, b, c] = await Promise.all([freshCategory(), freshCategory(), freshCategory()]);
    const want = [
      await insertPodcast(t().db, { categoryIds: [a.id], publishedAt: minutesAgo(1) }),
      await insertPodcast(t().db, { categoryIds: [b.id], publishedAt: minutesAgo(2) }),
      await insertPodcast(t().db, { categoryIds: [a.id, b.id], publishedAt: minutesAgo(3) }),
    ];
    await insertPodcast(t().db, { categoryIds: [c.id], publishedAt: minutesAgo(4) });
    const page1 = await as.anonymous.get(`/api/podcasts?categories=${a.id},${b.id}&limit=2`);
    expect(ids(page1)).toEqual(want.slice(0, 2));
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const page2 = await as.anonymous.get(`/api/podcasts?categories=${a.id},${b.id}&limit=2&before=${cursor}`);
    expect(ids(page2)).toEqual(want.slice(2));
    expect(page2.headers.get('x-next-cursor')).toBeNull();
    expect((await as.anonymous.get('/api/podcasts?categories=zzz')).status).toBe(400);
  });

  it('GET /api/podcasts/featured: featured, visible, non-archived only; [] when none', async () => {
    const cat = await freshCategory();
    const q = `?categories=${cat.id}`;
    expect((await as.anonymous.get(`/api/podcasts/featured${q}`)).body).toEqual([]);
    const featured = await insertPodcast(t().db, { categoryIds: [cat.id], isFeatured: true });
    const featuredDraft = await insertPodcast(t().db, { categoryIds: [cat.id], isFeatured: true, status: 'draft' });
    await insertPodcast(t().db, { categoryIds: [cat.id], isFeatured: true, isArchived: true });
    await insertPodcast(t().db, { categoryIds: [cat.id] });
    expect(ids(await as.anonymous.get(`/api/podcasts/featured${q}`))).toEqual([featured]);
    expect(ids(await as.subscriber.get(`/api/podcasts/featured${q}`))).toEqual([featured]);
    expect(ids(await as.editor.get(`/api/podcasts/featured${q}`))).toEqual([featuredDraft, featured]);
    const all = await as.anonymous.get('/api/podcasts/featured');
    expect(all.status).toBe(200);
    expect(all.body.every((p: { isFeatured: boolean; isArchived: boolean; status: string }) => p.isFeatured && !p.isArchived && p.status === 'published')).toBe(true);
  });

  it('POST /api/podcasts: roles, defaults and the stored fields', async () => {
    const cat = await freshCategory();
    const expected: Record<Viewer, number> = { anonymous: 401, subscriber: 403, contributor: 403, editor: 201, admin: 201 };
    for (const viewer of VIEWERS) {
      expect((await as[viewer].post('/api/podcasts', validBody(cat))).status, viewer).toBe(expected[viewer]);
    }
    const editor = await signedIn(t().db, t().agent(), 'editor');
    const res = await editor.agent.post('/api/podcasts', validBody(cat, { episodeNumber: ' 12 ', guestName: '' }));
    expect(res.status).toBe(201);
    expect(Podcast.parse(res.body)).toMatchObject({
      title: 'Closing the books with AI',
      episodeNumber: 12,
      duration: 45 * 60 + 30,
      guestName: null,
      status: 'published',
      authorId: editor.user.id,
      categoryIds: [cat.id],
      playCount: 0,
      isFeatured: false,
    });
    expect(res.body.publishedAt).not.toBeNull();
    const draft = await as.admin.post('/api/podcasts', validBody(cat, { status: 'draft', duration: 3600, episodeNumber: null }));
    expect(draft.body).toMatchObject({ status: 'draft', publishedAt: null, duration: 3600, episodeNumber: null });
  });

  it('validates title, categories, episode number and duration with clear messages', async () => {
    const cat = await freshCategory();
    const empty = await as.editor.post('/api/podcasts', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ title: ['Title is required'], categoryIds: ['At least one category is required'] });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ episodeNumber: 0 }, 'episodeNumber', 'Episode number must be a positive integer'],
      [{ episodeNumber: -3 }, 'episodeNumber', 'Episode number must be a positive integer'],
      [{ episodeNumber: '2.5' }, 'episodeNumber', 'Episode number must be a positive integer'],
      [{ episodeNumber: 'seven' }, 'episodeNumber', 'Episode number must be a positive integer'],
      [{ duration: '45 minutes' }, 'duration', 'Duration must be a number of seconds, MM:SS or HH:MM:SS'],
      [{ duration: '1:75' }, 'duration', 'Duration must be a number of seconds, MM:SS or HH:MM:SS'],
      [{ duration: -5 }, 'duration', 'Duration must be a number of seconds, MM:SS or HH:MM:SS'],
      [{ duration: 12.5 }, 'duration', 'Duration must be a number of seconds, MM:SS or HH:MM:SS'],
      [{ duration: '25:00:00' }, 'duration', 'Duration must be at most 24 hours'],
      [{ audioUrl: 'javascript:alert(1)' }, 'audioUrl', 'Audio URL must be an http(s) URL or a path on this site'],
      [{ categoryIds: [] }, 'categoryIds', 'At least one category is required'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await as.editor.post('/api/podcasts', validBody(cat, extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.errors, JSON.stringify(extra)).toEqual({ [field]: [message] });
    }
    const title = `Atomic ${uuidv7()}`;
    const unknown = await as.editor.post('/api/podcasts', validBody(cat, { title, categoryIds: [uuidv7()] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.categoryIds[0]).toMatch(/^Unknown or inactive category: /);
    expect(await t().db('podcast_episodes').where({ title }).first()).toBeUndefined();
  });

  it('parses durations: seconds, digit strings, MM:SS and HH:MM:SS', () => {
    expect(parseDuration(90)).toBe(90);
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('05:07')).toBe(307);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('  ')).toBeNull();
    expect(parseDuration(null)).toBeNull();
    expect(parseDuration('1:2')).toBeUndefined();
    expect(parseDuration('1:02:60')).toBeUndefined();
  });

  it('PATCH updates only the fields sent; toggles and delete are for editors and admins', async () => {
    const [a, b] = await Promise.all([freshCategory(), freshCategory()]);
    const created = (await as.editor.post('/api/podcasts', validBody(a, { status: 'draft' }))).body;
    const id = created.id;
    const patched = await as.editor.patch(`/api/podcasts/${id}`, { guestName: 'New guest', duration: '1:00:00', categoryIds: [b.id] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ guestName: 'New guest', duration: 3600, categoryIds: [b.id], title: 'Closing the books with AI', episodeNumber: created.episodeNumber, hostName: 'Host' });
    const refused = await as.editor.patch(`/api/podcasts/${id}`, { title: 'Nope', categoryIds: [uuidv7()] });
    expect(refused.status).toBe(400);
    expect((await as.editor.get(`/api/podcasts/${id}`)).body).toMatchObject({ title: 'Closing the books with AI', categoryIds: [b.id] });

    for (const [route, body] of [
      ['', { title: 'x' }],
      ['/status', { status: 'published' }],
      ['/archive', { isArchived: true }],
      ['/featured', { isFeatured: true }],
    ] as const) {
      expect((await as.anonymous.patch(`/api/podcasts/${id}${route}`, body)).status).toBe(401);
      expect((await as.subscriber.patch(`/api/podcasts/${id}${route}`, body)).status).toBe(403);
      expect((await as.contributor.patch(`/api/podcasts/${id}${route}`, body)).status).toBe(403);
    }
    const published = await as.editor.patch(`/api/podcasts/${id}/status`, { status: 'published' });
    expect(published.body.status).toBe('published');
    expect(published.body.publishedAt).not.toBeNull();
    expect((await as.anonymous.get(`/api/podcasts/${id}`)).status).toBe(200);
    expect((await as.admin.patch(`/api/podcasts/${id}/featured`, { isFeatured: true })).body.isFeatured).toBe(true);
    expect((await as.editor.patch(`/api/podcasts/${id}/archive`, { isArchived: true })).body.isArchived).toBe(true);

    await as.subscriber.post(`/api/podcasts/${id}/like`);
    expect((await as.subscriber.delete(`/api/podcasts/${id}`)).status).toBe(403);
    expect((await as.editor.delete(`/api/podcasts/${id}`)).body).toEqual({ ok: true });
    expect((await as.editor.get(`/api/podcasts/${id}`)).status).toBe(404);
    expect(await t().db('podcast_categories').where({ podcast_id: id })).toEqual([]);
    expect(await t().db('user_interactions').where({ target_id: id })).toEqual([]);
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    for (const id of [uuidv7(), 'nope']) {
      for (const res of await Promise.all([
        as.anonymous.get(`/api/podcasts/${id}`),
        as.anonymous.post(`/api/podcasts/${id}/play`),
        as.anonymous.post(`/api/podcasts/${id}/like`),
        as.subscriber.delete(`/api/podcasts/${id}/like`),
        as.editor.patch(`/api/podcasts/${id}`, { title: 'x' }),
        as.editor.patch(`/api/podcasts/${id}/status`, { status: 'draft' }),
        as.editor.patch(`/api/podcasts/${id}/archive`, { isArchived: false }),
        as.editor.patch(`/api/podcasts/${id}/featured`, { isFeatured: false }),
        as.editor.delete(`/api/podcasts/${id}`),
      ])) {
        expect(res.status, res.text).toBe(404);
        expect(res.body.message).toBe('Podcast episode not found');
      }
    }
  });

  it('POST /play counts each listener\'s play atomically, for anyone who can see the episode', async () => {
    const cat = await freshCategory();
    const id = await insertPodcast(t().db, { categoryIds: [cat.id] });
    expect((await as.anonymous.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 1 });
    // 30 different listeners at once (a listener's repeats within the day count once:
    // plays.test.ts).
    const listeners = await Promise.all(Array.from({ length: 30 }, async () => (await signedIn(t().db, t().agent())).agent));
    await Promise.all(listeners.map((agent) => agent.post(`/api/podcasts/${id}/play`)));
    expect((await as.anonymous.get(`/api/podcasts/${id}`)).body.playCount).toBe(31);
    const draft = await insertPodcast(t().db, { categoryIds: [cat.id], status: 'draft', createdAt: minutesAgo(5) });
    expect((await as.subscriber.post(`/api/podcasts/${draft}/play`)).status).toBe(404);
    expect((await as.editor.post(`/api/podcasts/${draft}/play`)).body).toEqual({ playCount: 1 });
  });

  it('a list costs the same fixed number of queries for 1 and for 50 episodes', async () => {
    const cat = await freshCategory();
    for (let i = 0; i < 52; i++) await insertPodcast(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(i) });
    const count = (limit: number) => t().countQueries(() => as.anonymous.get(`/api/podcasts?categories=${cat.id}&limit=${limit}`));
    const one = await count(1);
    expect(await count(50)).toBe(one);
    expect(one).toBe(2);
  });
});
