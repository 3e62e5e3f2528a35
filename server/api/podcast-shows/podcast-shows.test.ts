import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { Podcast, PodcastShow } from '../../../contracts/podcasts';
import { describeEachDb, type Agent } from '../../test/harness';
import { SHOW_HAS_EPISODES } from './routes';
import { createCategory, insertPodcast, minutesAgo, type CategoryFixture } from '../../test/factories';
import { viewerAgents, type Viewer } from '../../test/agents';

describeEachDb('podcast shows', (t) => {
  let as: Record<Viewer, Agent>;
  let cat: CategoryFixture;
  beforeAll(async () => {
    as = await viewerAgents(t());
    cat = await createCategory(t().db);
  });

  const unique = () => randomBytes(4).toString('hex');
  async function newShow(extra: Record<string, unknown> = {}): Promise<PodcastShow> {
    const res = await as.admin.post('/api/admin/podcast-shows', { name: `Show ${unique()}`, ...extra });
    expect(res.status, res.text).toBe(201);
    return PodcastShow.parse(res.body);
  }
  const episode = (extra: Record<string, unknown>) => ({ title: `Episode ${unique()}`, categoryIds: [cat.id], ...extra });

  it('the migration made the default show; new episodes without a show join it, and embed it', async () => {
    const shows = await as.anonymous.get('/api/podcast-shows');
    expect(shows.status).toBe(200);
    const main = shows.body.find((s: PodcastShow) => s.slug === 'ledger-commons-podcast');
    expect(main).toMatchObject({ name: 'Ledger Commons Podcast', imageUrl: null, displayOrder: 0 });

    // The API stays compatible: no showId on create.
    const res = await as.editor.post('/api/podcasts', episode({ episodeNumber: 1 }));
    expect(res.status, res.text).toBe(201);
    expect(Podcast.parse(res.body)).toMatchObject({ showId: main.id, show: { id: main.id, name: 'Ledger Commons Podcast', slug: 'ledger-commons-podcast' } });
    const listed = (await as.anonymous.get('/api/podcasts?show=ledger-commons-podcast')).body;
    expect(listed.map((p: Podcast) => p.id)).toContain(res.body.id);
    expect(listed[0].show).toEqual({ id: main.id, name: 'Ledger Commons Podcast', slug: 'ledger-commons-podcast' });
  });

  it('episode numbers are unique per show: 409 under episodeNumber; the same number in another show is fine', async () => {
    const audit = await newShow({ name: `Audit Tech Talk ${unique()}` });
    const tax = await newShow();
    const first = await as.editor.post('/api/podcasts', episode({ showId: audit.id, episodeNumber: 4 }));
    expect(first.status, first.text).toBe(201);
    expect(first.body.show).toEqual({ id: audit.id, name: audit.name, slug: audit.slug });

    const again = await as.editor.post('/api/podcasts', episode({ showId: audit.id, episodeNumber: '4' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'conflict',
      message: `Episode 4 already exists in ${audit.name}`,
      errors: { episodeNumber: [`Episode 4 already exists in ${audit.name}`] },
    });

    const elsewhere = await as.editor.post('/api/podcasts', episode({ showId: tax.id, episodeNumber: 4 }));
    expect(elsewhere.status, elsewhere.text).toBe(201);
    // Episodes without a number never collide.
    for (let i = 0; i < 2; i++) expect((await as.editor.post('/api/podcasts', episode({ showId: audit.id }))).status).toBe(201);

    // Editing to a taken number, or moving to a show where the number is taken, is refused and changes nothing.
    const fifth = await as.editor.post('/api/podcasts', episode({ showId: audit.id, episodeNumber: 5 }));
    const renumber = await as.editor.patch(`/api/podcasts/${fifth.body.id}`, { episodeNumber: 4 });
    expect(renumber.status).toBe(409);
    expect(renumber.body.errors).toEqual({ episodeNumber: [`Episode 4 already exists in ${audit.name}`] });
    const move = await as.editor.patch(`/api/podcasts/${elsewhere.body.id}`, { showId: audit.id, title: 'Moved' });
    expect(move.status).toBe(409);
    expect(move.body.errors).toEqual({ episodeNumber: [`Episode 4 already exists in ${audit.name}`] });
    expect((await as.editor.get(`/api/podcasts/${elsewhere.body.id}`)).body).toMatchObject({ showId: tax.id, episodeNumber: 4 });
    expect((await as.editor.get(`/api/podcasts/${fifth.body.id}`)).body.episodeNumber).toBe(5);

    // Saving an episode with its own number, editing other fields, or moving to a free number works.
    expect((await as.editor.patch(`/api/podcasts/${first.body.id}`, { episodeNumber: 4, title: 'Kept' })).status).toBe(200);
    expect((await as.editor.patch(`/api/podcasts/${elsewhere.body.id}`, { showId: audit.id, episodeNumber: 6 })).body).toMatchObject({
      showId: audit.id,
      episodeNumber: 6,
    });
    // Its old number in the old show is free again.
    expect((await as.editor.post('/api/podcasts', episode({ showId: tax.id, episodeNumber: 4 }))).status).toBe(201);
  });

  it('two creates racing for one number: one 201, one 409 (never a 500)', async () => {
    const show = await newShow();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => as.editor.post('/api/podcasts', episode({ showId: show.id, episodeNumber: 9 }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.errors).toEqual({ episodeNumber: [`Episode 9 already exists in ${show.name}`] });
    }
  });

  it('an unknown or malformed showId is 400 under showId', async () => {
    for (const showId of [uuidv7(), 'nope']) {
      const res = await as.editor.post('/api/podcasts', episode({ showId }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ showId: ['Unknown show'] });
    }
  });

  it('lists shows in display order with counts; editors also get the next free number', async () => {
    const later = await newShow({ displayOrder: 50, name: `Zeta ${unique()}` });
    const earlier = await newShow({ displayOrder: 40, name: `Alpha ${unique()}` });
    await insertPodcast(t().db, { showId: earlier.id, episodeNumber: 3, categoryIds: [cat.id], publishedAt: minutesAgo(3) });
    await insertPodcast(t().db, { showId: earlier.id, episodeNumber: 7, categoryIds: [cat.id], status: 'draft' });
    await insertPodcast(t().db, { showId: earlier.id, episodeNumber: 5, categoryIds: [cat.id], isArchived: true });

    const visitor = (await as.anonymous.get('/api/podcast-shows')).body as PodcastShow[];
    for (const s of visitor) PodcastShow.parse(s);
    const orders = visitor.map((s) => s.displayOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(visitor.findIndex((s) => s.id === earlier.id)).toBeLessThan(visitor.findIndex((s) => s.id === later.id));
    const seen = visitor.find((s) => s.id === earlier.id)!;
    expect(seen.episodeCount).toBe(1);
    expect(seen).not.toHaveProperty('nextEpisodeNumber');

    const editor = (await as.editor.get('/api/podcast-shows')).body as PodcastShow[];
    expect(editor.find((s) => s.id === earlier.id)).toMatchObject({ episodeCount: 3, nextEpisodeNumber: 8 });
    expect(editor.find((s) => s.id === later.id)).toMatchObject({ episodeCount: 0, nextEpisodeNumber: 1 });
  });

  it('filters /api/podcasts by show slug; an unknown show lists nothing, a malformed one is 400', async () => {
    const show = await newShow();
    const mine = await insertPodcast(t().db, { showId: show.id, categoryIds: [cat.id], publishedAt: minutesAgo(1) });
    const list = await as.anonymous.get(`/api/podcasts?show=${show.slug}`);
    expect(list.body.map((p: Podcast) => p.id)).toEqual([mine]);
    expect((await as.anonymous.get(`/api/podcasts?show=no-such-show-${unique()}`)).body).toEqual([]);
    const bad = await as.anonymous.get('/api/podcasts?show=Not%20A%20Slug!');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ show: ['Invalid show'] });
  });

  it('admins create, edit and delete shows; names and slugs are unique; a show with episodes stays', async () => {
    const name = `Tax Brief ${unique()}`;
    const created = await as.admin.post('/api/admin/podcast-shows', { name, description: 'Five minutes on tax', hostName: 'Priya Raman' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, slug: name.toLowerCase().replace(/ /g, '-'), hostName: 'Priya Raman', imageUrl: null });

    const dupe = await as.admin.post('/api/admin/podcast-shows', { name: name.toUpperCase(), slug: created.body.slug });
    expect(dupe.status).toBe(409);
    expect(dupe.body.errors).toEqual({ name: ['A show with this name already exists'], slug: ['A show with this slug already exists'] });
    const badSlug = await as.admin.post('/api/admin/podcast-shows', { name: `x ${unique()}`, slug: 'Bad Slug' });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.errors.slug).toBeDefined();
    expect((await as.admin.post('/api/admin/podcast-shows', {})).body.errors).toMatchObject({ name: ['Name is required'] });

    const id = created.body.id;
    const edited = await as.admin.patch(`/api/admin/podcast-shows/${id}`, { description: 'Tax in brief', displayOrder: '3' });
    expect(edited.body).toMatchObject({ name, description: 'Tax in brief', displayOrder: 3 });

    for (const viewer of ['anonymous', 'subscriber', 'contributor', 'editor'] as const) {
      const expected = viewer === 'anonymous' ? 401 : 403;
      expect((await as[viewer].post('/api/admin/podcast-shows', { name: `N ${unique()}` })).status, viewer).toBe(expected);
      expect((await as[viewer].patch(`/api/admin/podcast-shows/${id}`, { name: 'x' })).status, viewer).toBe(expected);
      expect((await as[viewer].delete(`/api/admin/podcast-shows/${id}`)).status, viewer).toBe(expected);
    }

    const ep = await as.editor.post('/api/podcasts', episode({ showId: id }));
    const refused = await as.admin.delete(`/api/admin/podcast-shows/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SHOW_HAS_EPISODES);
    await as.editor.delete(`/api/podcasts/${ep.body.id}`);
    expect((await as.admin.delete(`/api/admin/podcast-shows/${id}`)).body).toEqual({ ok: true });
    expect((await as.admin.delete(`/api/admin/podcast-shows/${id}`)).status).toBe(404);
    expect((await as.admin.patch(`/api/admin/podcast-shows/${uuidv7()}`, { name: 'x' })).status).toBe(404);
  });

  it('a list with shows costs one query more than the page and its categories, for 1 and for 30 episodes', async () => {
    const show = await newShow();
    const c = await createCategory(t().db);
    for (let i = 0; i < 30; i++) await insertPodcast(t().db, { showId: show.id, categoryIds: [c.id], publishedAt: minutesAgo(i) });
    const count = (limit: number) => t().countQueries(() => as.anonymous.get(`/api/podcasts?categories=${c.id}&limit=${limit}`));
    expect(await count(1)).toBe(3);
    expect(await count(30)).toBe(3);
  });
});
