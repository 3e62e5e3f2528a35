import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  articleCover,
  COVER_SIZES,
  coverUrl,
  coverVersion,
  podcastCover,
  resourceCover,
  showColor,
  showCover,
  type CoverFormat,
  type CoverSpec,
} from '../../../contracts/covers';
import { ResourceCreateInput } from '../../../contracts/resources';
import { renderCover } from '../../images/cover';
import { describeEachDb, type Agent, type TestServer } from '../../test/harness';
import { createCategory, createUser, insertArticle, insertPodcast } from '../../test/factories';
import { insertResource } from '../resources/repo';
import { insertShow } from '../podcast-shows/repo';
import { PODCAST_SHOWS } from '../../db/seed/data';
import type { PodcastShow } from '../../../contracts/podcasts';
import { signedIn } from '../../test/agents';

/**
 * GET with the agent's cookies, keeping the body as bytes (covers are images). A conditional
 * request is sent as a browser revalidates: Node's fetch would add `Cache-Control: no-cache`,
 * which asks the server to ignore the validator.
 */
async function get(t: TestServer, path: string, o: { agent?: Agent; headers?: Record<string, string>; method?: string } = {}) {
  const cookie = o.agent ? [...o.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const headers = { ...(cookie ? { cookie } : {}), ...(o.headers?.['if-none-match'] ? { 'cache-control': 'max-age=0' } : {}), ...o.headers };
  const res = await fetch(t.url + path, { method: o.method ?? 'GET', headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const json = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));

/** An article as the API presents it (what the PWA builds the cover URL from). */
async function presentedArticle(t: TestServer, id: string, agent?: Agent) {
  const res = await (agent ?? t.agent()).get(`/api/news/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describeEachDb('generated covers', (t) => {
  it('draws every size at its exact dimensions, byte for byte the same each time, different for another item', async () => {
    const category = await createCategory(t().db, { color: '#DC2626' });
    const first = await insertArticle(t().db, { title: 'IFRS 18 and the new income statement', categoryIds: [category.id] });
    const second = await insertArticle(t().db, { title: 'Audit committees and AI', categoryIds: [category.id] });
    const spec = articleCover(await presentedArticle(t(), first));

    const checks: Array<[string, CoverFormat]> = [...COVER_SIZES.filter((s) => s !== '3000x3000').map((s) => [s, 'webp'] as [string, CoverFormat]), ['1200x630', 'jpg'], ['3000x3000', 'jpg']];
    for (const [size, format] of checks) {
      const res = await get(t(), coverUrl(spec, size, format));
      expect(res.status, size).toBe(200);
      expect(res.headers.get('content-type')).toBe(format === 'webp' ? 'image/webp' : 'image/jpeg');
      const meta = await sharp(res.bytes).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(size);
      expect(meta.format).toBe(format === 'webp' ? 'webp' : 'jpeg');
      // No metadata in what is sent.
      expect(meta.exif).toBeUndefined();
    }

    // The same item and size: the same bytes, from the cache and from a fresh render alike.
    const url = coverUrl(spec, '640x360', 'webp');
    const a = await get(t(), url);
    const b = await get(t(), url);
    expect(b.headers.get('x-cache')).toBe('hit');
    expect(a.bytes.equals(b.bytes)).toBe(true);
    const fresh = await renderCover({ spec, width: 640, height: 360, format: 'webp', siteName: 'Ledger Commons' });
    expect(fresh.equals(a.bytes)).toBe(true);
    expect((await renderCover({ spec, width: 640, height: 360, format: 'webp', siteName: 'Ledger Commons' })).equals(fresh)).toBe(true);

    // Another item (same category, so same colour): another picture and another ETag.
    const other = await get(t(), coverUrl(articleCover(await presentedArticle(t(), second)), '640x360', 'webp'));
    expect(other.status).toBe(200);
    expect(other.bytes.equals(a.bytes)).toBe(false);
    expect(other.headers.get('etag')).not.toBe(a.headers.get('etag'));
  }, 60_000);

  it('answers If-None-Match with 304 without drawing; the current version is immutable, others revalidate', async () => {
    const id = await insertArticle(t().db, { title: 'Revalidation', categoryIds: [(await createCategory(t().db)).id] });
    const spec = articleCover(await presentedArticle(t(), id));
    const url = coverUrl(spec, '960x540', 'webp');
    const first = await get(t(), url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag')!;
    expect(etag).toContain(coverVersion(spec));

    const again = await get(t(), url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    // Without the version (or with an old one) the answer is the same picture but must be revalidated.
    const unversioned = await get(t(), url.replace(/\?v=.*$/, ''), { headers: { 'if-none-match': etag } });
    expect(unversioned.status).toBe(304);
    expect(unversioned.headers.get('cache-control')).toBe('public, no-cache');
    expect((await get(t(), url.replace(/\?v=.*$/, '?v=old'))).headers.get('cache-control')).toBe('public, no-cache');
    // A 304 costs no render: a size never drawn before, asked with its (computable) ETag.
    const never = coverUrl(spec, '1600x900', 'jpg');
    const conditional = await get(t(), never, { headers: { 'if-none-match': etag.replace('960x540-webp', '1600x900-jpg') } });
    expect(conditional.status).toBe(304);
    expect((await get(t(), never)).headers.get('x-cache')).toBe('miss');
    // HEAD works too.
    expect((await get(t(), url, { method: 'HEAD' })).status).toBe(200);
  });

  it('a new title or category colour is a new ETag, URL and picture; the old version no longer validates', async () => {
    const category = await createCategory(t().db, { color: '#2563EB' });
    const { agent: editor } = await signedIn(t().db, t().agent(), 'editor');
    const id = await insertArticle(t().db, { title: 'Before the edit', categoryIds: [category.id] });
    const before = articleCover(await presentedArticle(t(), id));
    const old = await get(t(), coverUrl(before, '640x360', 'webp'));

    expect((await editor.patch(`/api/news/${id}`, { title: 'After the edit' })).status).toBe(200);
    const after = articleCover(await presentedArticle(t(), id));
    expect(coverVersion(after)).not.toBe(coverVersion(before));
    const renamed = await get(t(), coverUrl(after, '640x360', 'webp'));
    expect(renamed.headers.get('etag')).not.toBe(old.headers.get('etag'));
    expect(renamed.bytes.equals(old.bytes)).toBe(false);
    // The browser's old copy is not current any more.
    const stale = await get(t(), coverUrl(before, '640x360', 'webp'), { headers: { 'if-none-match': old.headers.get('etag')! } });
    expect(stale.status).toBe(200);
    expect(stale.bytes.equals(renamed.bytes)).toBe(true);

    await t().db('news_categories').where({ id: category.id }).update({ color: '#059669' });
    const recoloured = articleCover(await presentedArticle(t(), id));
    expect(coverVersion(recoloured)).not.toBe(coverVersion(after));
    const green = await get(t(), coverUrl(recoloured, '640x360', 'webp'));
    expect(green.headers.get('etag')).not.toBe(renamed.headers.get('etag'));
    expect(green.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('drafts are not found except by editors and admins (privately); unknown items 404; bad sizes 400', async () => {
    const category = await createCategory(t().db);
    const draft = await insertArticle(t().db, { title: 'Secret merger', status: 'draft', categoryIds: [category.id] });
    const { agent: editor } = await signedIn(t().db, t().agent(), 'editor');
    const { agent: member } = await signedIn(t().db, t().agent(), 'subscriber');
    const spec = articleCover(await presentedArticle(t(), draft, editor));
    const url = coverUrl(spec, '640x360', 'webp');

    for (const agent of [undefined, member]) {
      const res = await get(t(), url, { agent });
      expect(res.status).toBe(404);
      expect(json(res.bytes)).toMatchObject({ code: 'not_found' });
    }
    const staff = await get(t(), url, { agent: editor });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('cache-control')).toBe('private, no-cache');
    const draftEpisode = await insertPodcast(t().db, { status: 'draft' });
    expect((await get(t(), `/covers/podcast/${draftEpisode}/640x360.webp`)).status).toBe(404);

    expect((await get(t(), '/covers/article/00000000-0000-7000-8000-000000000000/640x360.webp')).status).toBe(404);
    expect((await get(t(), '/covers/article/not-an-id/640x360.webp')).status).toBe(404);
    expect((await get(t(), `/covers/discussion/${draft}/640x360.webp`)).status).toBe(404);

    const published = await insertArticle(t().db, { categoryIds: [category.id] });
    for (const file of ['641x360.webp', '640x360.gif', '640x360', '99999x1.webp', '640x360.webp.png', 'x.webp']) {
      const res = await get(t(), `/covers/article/${published}/${file}`);
      expect(res.status, file).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(json(res.bytes)).toMatchObject({ code: 'bad_request', message: expect.stringContaining('640x360') });
    }
  });

  it('episodes, resources and the podcast itself have covers; an archived article keeps its cover', async () => {
    const category = await createCategory(t().db, { color: '#DB2777' });
    const episode = await insertPodcast(t().db, { title: 'The future of audit', categoryIds: [category.id] });
    await t().db('podcast_episodes').where({ id: episode }).update({ episode_number: 12, host_name: 'Sarah Chen' });
    const presented = (await t().agent().get(`/api/podcasts/${episode}`)).body;
    const episodeSpec = podcastCover(presented);
    // A row written around the API has no show: the label keeps the host.
    expect(presented.show).toBeNull();
    expect(episodeSpec.label).toBe('Episode 12 · Sarah Chen');
    const square = await get(t(), coverUrl(episodeSpec, '1400x1400', 'jpg'));
    expect(square.status).toBe(200);
    expect(await sharp(square.bytes).metadata()).toMatchObject({ width: 1400, height: 1400, format: 'jpeg' });

    const admin = await createUser(t().db, { role: 'admin' });
    const resource = await insertResource(t().db, admin.id, ResourceCreateInput.parse({ title: 'Transfer pricing guide', type: 'ebook', category: 'taxation' }));
    const listed = (await t().agent().get('/api/resources')).body as Array<{ id: string }>;
    const resourceSpec = resourceCover(listed.find((r) => r.id === resource) as Parameters<typeof resourceCover>[0]);
    expect(resourceSpec.label).toBe('E-Book · Taxation');
    expect((await get(t(), coverUrl(resourceSpec, '640x360', 'webp'))).status).toBe(200);

    const series = await get(t(), '/covers/series/3000x3000.jpg');
    expect(series.status).toBe(200);
    expect(await sharp(series.bytes).metadata()).toMatchObject({ width: 3000, height: 3000 });

    const archived = await insertArticle(t().db, { isArchived: true, categoryIds: [category.id] });
    expect((await get(t(), `/covers/article/${archived}/640x360.webp`)).status).toBe(200);
  }, 60_000);

  it("an episode's cover names its show: the PWA's URL (from the API's answer) is the server's current version", async () => {
    const category = await createCategory(t().db, { color: '#0EA5E9' });
    const show = await insertShow(t().db, { name: `Audit Tech Talk ${Date.now()}`, slug: `audit-tech-talk-${Date.now()}`, hostName: 'Marcus Bell' });
    const episode = await insertPodcast(t().db, { title: 'Sampling with analytics', categoryIds: [category.id], showId: show.id, episodeNumber: 4 });
    await t().db('podcast_episodes').where({ id: episode }).update({ host_name: 'Marcus Bell' });

    const presented = (await t().agent().get(`/api/podcasts/${episode}`)).body;
    const spec = podcastCover(presented);
    expect(spec.label).toBe(`${show.name} · Episode 4`);
    const listed = (await t().agent().get(`/api/podcasts?show=${show.slug}`)).body;
    expect(coverVersion(podcastCover(listed[0]))).toBe(coverVersion(spec));
    // The server builds the same spec from the row (an immutable answer means the versions agree).
    const res = await get(t(), coverUrl(spec, '640x360', 'webp'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.bytes.equals(await renderCover({ spec, width: 640, height: 360, format: 'webp', siteName: 'Ledger Commons' }))).toBe(true);

    // Without a number the show alone; without a show, as before.
    expect(podcastCover({ ...presented, episodeNumber: null }).label).toBe(show.name);
    expect(podcastCover({ ...presented, show: null }).label).toBe('Episode 4 · Marcus Bell');
    expect(podcastCover({ ...presented, show: null, hostName: null, episodeNumber: null }).label).toBe('Episode');

    // A renamed show is a new version for its episodes' covers.
    await t().db('podcast_shows').where({ id: show.id }).update({ name: `${show.name} Weekly` });
    const renamed = podcastCover((await t().agent().get(`/api/podcasts/${episode}`)).body);
    expect(renamed.label).toBe(`${show.name} Weekly · Episode 4`);
    expect((await get(t(), coverUrl(spec, '640x360', 'webp'))).headers.get('cache-control')).toBe('public, no-cache');
    expect((await get(t(), coverUrl(renamed, '640x360', 'webp'))).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("shows have artwork of their own: name, host and a colour from the slug; deterministic, 304, unknown 404", async () => {
    const stamp = Date.now().toString(36);
    const shows: string[] = [];
    for (const [i, sample] of PODCAST_SHOWS.entries()) {
      // The sample shows' slugs, which pick their colours (the migration already made the first).
      const existing: { id: string } | undefined = await t().db('podcast_shows').where({ slug: sample.slug }).first('id');
      if (existing) await t().db('podcast_shows').where({ id: existing.id }).update({ host_name: sample.hostName });
      const id =
        existing?.id ??
        (await insertShow(t().db, { name: `${sample.name} ${stamp}`, slug: sample.slug, hostName: sample.hostName, displayOrder: 100 + i })).id;
      shows.push(id);
    }
    const listed = ((await t().agent().get('/api/podcast-shows')).body as PodcastShow[]).filter((s) => shows.includes(s.id));
    expect(listed).toHaveLength(3);
    const specs = listed.map(showCover);
    // Three shows, three hues.
    expect(new Set(specs.map((spec) => spec.color)).size).toBe(3);
    expect(specs.map((spec) => spec.color)).toEqual(listed.map((s) => showColor(s.slug)));
    for (const [i, spec] of specs.entries()) expect(spec.label).toBe(`Hosted by ${listed[i].hostName}`);

    const pictures: Buffer[] = [];
    for (const spec of specs) {
      const url = coverUrl(spec, '640x360', 'webp');
      expect(url).toMatch(new RegExp(`^/covers/show/${spec.id}/640x360\\.webp\\?v=`));
      const first = await get(t(), url);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('image/webp');
      expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await sharp(first.bytes).metadata()).toMatchObject({ width: 640, height: 360, format: 'webp' });
      const again = await get(t(), url);
      expect(again.headers.get('x-cache')).toBe('hit');
      expect(again.bytes.equals(first.bytes)).toBe(true);
      expect((await renderCover({ spec, width: 640, height: 360, format: 'webp', siteName: 'Ledger Commons' })).equals(first.bytes)).toBe(true);
      const revalidated = await get(t(), url, { headers: { 'if-none-match': first.headers.get('etag')! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.bytes.length).toBe(0);
      pictures.push(first.bytes);
    }
    expect(new Set(pictures.map((p) => p.toString('base64'))).size).toBe(3);

    // The podcast apps' square works too.
    const square = await get(t(), coverUrl(specs[0], '1400x1400', 'jpg'));
    expect(await sharp(square.bytes).metadata()).toMatchObject({ width: 1400, height: 1400, format: 'jpeg' });

    // A new host is a new version.
    await t().db('podcast_shows').where({ id: specs[0].id }).update({ host_name: 'Someone Else' });
    const rehosted = showCover(((await t().agent().get('/api/podcast-shows')).body as PodcastShow[]).find((s) => s.id === specs[0].id)!);
    expect(coverVersion(rehosted)).not.toBe(coverVersion(specs[0]));
    expect((await get(t(), coverUrl(specs[0], '640x360', 'webp'))).headers.get('cache-control')).toBe('public, no-cache');

    for (const path of [
      '/covers/show/00000000-0000-7000-8000-000000000000/640x360.webp',
      '/covers/show/not-an-id/640x360.webp',
      '/covers/show/640x360.webp',
    ]) {
      const res = await get(t(), path);
      expect(res.status, path).toBe(404);
      expect(json(res.bytes)).toMatchObject({ code: 'not_found' });
    }
    const bad = await get(t(), `/covers/show/${specs[0].id}/641x360.webp`);
    expect(bad.status).toBe(400);
    expect(json(bad.bytes)).toMatchObject({ code: 'bad_request' });
  }, 60_000);

  it('hostile titles render: markup, emoji, right-to-left text, controls, 300 characters of one word', async () => {
    const category = await createCategory(t().db);
    const titles = [
      '</text><script>alert(1)</script> & <b>bold</b> "quoted" \'single\'',
      'Quarterly results 📈💸🧾 — 👩🏽‍💼 reacts',
      'مرحبا بالعالم: التقارير المالية',
      'עדכון רגולציה\u202e reversed \u202c text',
      // (PostgreSQL stores no NUL; the direct render test below draws one.)
      'Tab\tand\nnew\rline, escape\u001b and bell\u0007, \ufffe\uffff',
      'A'.repeat(300),
      ('long words '.repeat(30)).trim().slice(0, 300),
      ']]>&amp;&#0;&#x1F600;<!-- -->',
    ];
    for (const title of titles) {
      const id = await insertArticle(t().db, { title, categoryIds: [category.id] });
      await t().db('news_articles').where({ id }).update({ source_name: title.slice(0, 200) });
      const spec = articleCover(await presentedArticle(t(), id));
      for (const size of ['640x360', '1200x630']) {
        const res = await get(t(), coverUrl(spec, size, 'webp'));
        expect(res.status, JSON.stringify(title)).toBe(200);
        expect((await sharp(res.bytes).metadata()).width).toBe(Number(size.split('x')[0]));
      }
    }
  }, 90_000);
});

it('renders titles longer than any column allows, and an unparsable colour, without failing', async () => {
  const spec: CoverSpec = { kind: 'article', id: 'x', title: `NUL\u0000 ${'😀 مرحبا <&> '.repeat(40)}${'W'.repeat(200)}`, label: 'L'.repeat(500), color: 'not-a-colour' };
  expect(spec.title.length).toBeGreaterThan(500);
  for (const [width, height] of [
    [640, 360],
    [1400, 1400],
  ]) {
    const bytes = await renderCover({ spec, width, height, format: 'jpg', siteName: '<Site & "Name">' });
    expect(await sharp(bytes).metadata()).toMatchObject({ width, height });
  }
});
