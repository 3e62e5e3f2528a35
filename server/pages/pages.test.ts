import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type Agent, type TestServer } from '../test/harness';
import { createCategory, createUser, forumCategory, insertArticle, insertPodcast, minutesAgo } from '../test/factories';
import { createDiscussion } from '../api/forums/repo';
import { escapeHtml, jsonLd } from './html';
import { articleCover, coverUrl, podcastCover, seriesCover } from '../../contracts/covers';
import { insertShow } from '../api/podcast-shows/repo';
import { isoDuration } from './meta';

/** The page's JSON-LD, parsed (throws if there is none or it is not valid JSON). */
function structuredData(html: string): any {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no JSON-LD block');
  return JSON.parse(m[1]);
}
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:+]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
const SHELL_TITLE = '<title>Ledger Commons</title>';
const HOSTILE = `Fees </script><script>alert(1)</script> & "quotes" <!--`;

describe.each(DB_KINDS)('shareable pages [%s]', (kind) => {
  const pwaDir = mkdtempSync(path.join(os.tmpdir(), 'lc-shell-'));
  let t: TestServer;
  let anon: Agent;
  beforeAll(async () => {
    copyFileSync(path.resolve(import.meta.dirname, '../../pwa/index.html'), path.join(pwaDir, 'index.html'));
    t = await startTestServer(kind, { pwaDir });
    anon = t.agent();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(pwaDir, { recursive: true, force: true });
  });

  const page = async (p: string) => {
    const res = await anon.get(p);
    expect(res.status, p).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    return res.text;
  };

  it('fills /news/<id> with title, description, canonical URL, Open Graph, Twitter card and NewsArticle JSON-LD', async () => {
    const author = await createUser(t.db, { firstName: 'Ada', lastName: 'Auditor' });
    const category = await createCategory(t.db);
    const id = await insertArticle(t.db, {
      title: HOSTILE,
      content: '## Why\n\nThe **new** rules change *everything* for auditors.',
      categoryIds: [category.id],
      authorId: author.id,
      publishedAt: minutesAgo(5),
    });
    await t.db('news_articles').where({ id }).update({ image_url: '/objects/0199aaaa-0000-7000-8000-000000000001' });
    const html = await page(`/news/${id}`);
    const url = `${t.url}/news/${id}`;

    expect(html).toContain(`<title>${escapeHtml(HOSTILE)} | Ledger Commons</title>`);
    expect(html).not.toContain(SHELL_TITLE);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaContent(html, 'og:title')).toBe(escapeHtml(HOSTILE));
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:description')).toBe('Why The new rules change everything for auditors.');
    expect(metaContent(html, 'description')).toBe('Why The new rules change everything for auditors.');
    // An uploaded image is previewed as its 1600 px JPEG (upright, no metadata).
    expect(metaContent(html, 'og:image')).toBe(escapeHtml(`${t.url}/objects/0199aaaa-0000-7000-8000-000000000001?w=1600&fmt=jpg`));
    expect(metaContent(html, 'og:image:width')).toBeUndefined();
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:title')).toBe(escapeHtml(HOSTILE));
    // The hostile title never closes the JSON-LD block or opens a script of its own.
    expect(html.match(/<script/g)).toHaveLength(3); // theme.js, main.tsx, JSON-LD
    expect(html).not.toContain('<script>alert(1)');
    expect(structuredData(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: HOSTILE,
      url,
      datePublished: minutesAgo(5),
      author: { '@type': 'Person', name: 'Ada Auditor' },
      publisher: { '@type': 'Organization', name: 'Ledger Commons' },
    });
  });

  it('keeps the plain shell for drafts, archived articles and unknown or malformed ids (404 for what the API does not show)', async () => {
    const draft = await insertArticle(t.db, { title: 'Secret draft', status: 'draft' });
    const archived = await insertArticle(t.db, { title: 'Archived story', isArchived: true });
    for (const p of [`/news/${draft}`, `/news/${archived}`, '/news/0199aaaa-0000-7000-8000-00000000ffff', '/news/not-an-id', '/forums/%3Cscript%3E']) {
      const res = await anon.get(p);
      const api = await anon.get(p.replace(/^\/news\/(?=[0-9a-f-]{36}$)/, '/api/news/'));
      expect(res.status, p).toBe(api.status === 404 ? 404 : 200);
      const html = res.text;
      expect(html, p).toContain(res.status === 404 ? '<title>Page Not Found | Ledger Commons</title>' : SHELL_TITLE);
      expect(html, p).not.toContain('og:title');
      expect(html, p).not.toContain('application/ld+json');
      expect(html, p).not.toMatch(/Secret draft|Archived story/);
    }
  });

  it('previews an article without an uploaded image with its generated 1200×630 cover', async () => {
    const category = await createCategory(t.db, { color: '#7C3AED' });
    const id = await insertArticle(t.db, { title: 'Lease accounting in 2027', categoryIds: [category.id] });
    await t.db('news_articles').where({ id }).update({ source_name: 'Accounting Today' });
    const html = await page(`/news/${id}`);
    const cover = `${t.url}${coverUrl(articleCover({ id, title: 'Lease accounting in 2027', sourceName: 'Accounting Today', categories: [category] }), '1200x630', 'jpg')}`;
    expect(metaContent(html, 'og:image')).toBe(escapeHtml(cover));
    expect(metaContent(html, 'twitter:image')).toBe(escapeHtml(cover));
    expect([metaContent(html, 'og:image:width'), metaContent(html, 'og:image:height')]).toEqual(['1200', '630']);
    expect(structuredData(html).image).toEqual([cover]);
    const image = await fetch(cover);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('fills /podcasts with a PodcastSeries, its newest episode and the feed link', async () => {
    await insertPodcast(t.db, { title: 'Older episode', publishedAt: minutesAgo(20) });
    const newest = await insertPodcast(t.db, { title: 'Newest episode', publishedAt: minutesAgo(1), duration: 1800 });
    await t.db('podcast_episodes').where({ id: newest }).update({ episode_number: 9 });
    await insertPodcast(t.db, { title: 'Draft episode', status: 'draft' });
    // The series names the newest episode its feed carries: one with an audio file.
    await t.db('podcast_episodes').update({ audio_url: '/objects/0199aaaa-0000-7000-8000-000000000001', audio_type: 'audio/mpeg', audio_bytes: 1000 });
    const html = await page('/podcasts');
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="Ledger Commons Podcast" href="${t.url}/podcasts/feed.xml" />`);
    expect(metaContent(html, 'og:title')).toBe('Ledger Commons Podcast Hub');
    expect(metaContent(html, 'og:image')).toBe(`${t.url}${coverUrl(seriesCover('Ledger Commons'), '1200x630', 'jpg')}`);
    expect(html).not.toContain('Draft episode');
    expect(structuredData(html)).toMatchObject({
      '@type': 'PodcastSeries',
      webFeed: `${t.url}/podcasts/feed.xml`,
      episode: { '@type': 'PodcastEpisode', name: 'Newest episode', episodeNumber: 9, timeRequired: 'PT1800S' },
    });
  });

  it('fills /podcasts/<id> with the episode, og:audio and PodcastEpisode JSON-LD (its show, duration, audio file)', async () => {
    const show = await insertShow(t.db, { name: 'Audit Tech Talk', slug: `audit-tech-${Date.now()}` });
    const id = await insertPodcast(t.db, { title: HOSTILE, showId: show.id, episodeNumber: 12, duration: 3723, publishedAt: minutesAgo(3) });
    await t.db('podcast_episodes').where({ id }).update({
      description: '## Notes\n\nWe talk **lease** accounting.',
      host_name: 'Hana Host',
      guest_name: 'Gil Guest',
      audio_url: '/objects/0199aaaa-0000-7000-8000-000000000002',
      audio_type: 'audio/mpeg',
      audio_bytes: 123456,
    });
    const html = await page(`/podcasts/${id}`);
    const url = `${t.url}/podcasts/${id}`;
    const audio = `${t.url}/objects/0199aaaa-0000-7000-8000-000000000002`;
    const cover = `${t.url}${coverUrl(podcastCover({ id, title: HOSTILE, episodeNumber: 12, hostName: 'Hana Host', show, categories: [] }), '1200x630', 'jpg')}`;

    expect(html).toContain(`<title>${escapeHtml(HOSTILE)} | Ledger Commons</title>`);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:description')).toBe('Notes We talk lease accounting.');
    expect(metaContent(html, 'og:image')).toBe(escapeHtml(cover));
    expect(metaContent(html, 'og:audio')).toBe(audio);
    expect(metaContent(html, 'og:audio:type')).toBe('audio/mpeg');
    expect(html).not.toContain('<script>alert(1)');
    expect(structuredData(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'PodcastEpisode',
      name: HOSTILE,
      description: 'Notes We talk lease accounting.',
      url,
      image: [cover],
      datePublished: minutesAgo(3),
      episodeNumber: 12,
      timeRequired: 'PT1H2M3S',
      duration: 'PT1H2M3S',
      partOfSeries: { '@type': 'PodcastSeries', name: 'Audit Tech Talk', url: `${t.url}/podcasts?show=${show.slug}` },
      author: { '@type': 'Person', name: 'Hana Host' },
      actor: { '@type': 'Person', name: 'Gil Guest' },
      associatedMedia: { '@type': 'MediaObject', contentUrl: audio, encodingFormat: 'audio/mpeg' },
    });

    // An episode hosted elsewhere has no og:audio and no media object; a draft or unknown one is 404.
    const external = await insertPodcast(t.db, { title: 'On YouTube', showId: show.id });
    await t.db('podcast_episodes').where({ id: external }).update({ external_url: 'https://www.youtube.com/watch?v=abc' });
    const elsewhere = await page(`/podcasts/${external}`);
    expect(metaContent(elsewhere, 'og:audio')).toBeUndefined();
    expect(structuredData(elsewhere)).not.toHaveProperty('associatedMedia');
    expect(structuredData(elsewhere)).not.toHaveProperty('timeRequired');
    const draft = await insertPodcast(t.db, { title: 'Hidden draft episode', status: 'draft' });
    for (const p of [`/podcasts/${draft}`, '/podcasts/0199aaaa-0000-7000-8000-00000000fffe']) {
      const res = await anon.get(p);
      expect(res.status, p).toBe(404);
      expect(res.text, p).not.toContain('og:title');
      expect(res.text, p).not.toContain('Hidden draft episode');
    }
  });

  it('writes durations as ISO-8601', () => {
    expect([0, 59, 60, 3600, 3723, 5400].map(isoDuration)).toEqual(['PT0S', 'PT59S', 'PT1M', 'PT1H', 'PT1H2M3S', 'PT1H30M']);
  });

  it('fills /forums/<id> with a DiscussionForumPosting, but not for a draft', async () => {
    const author = await createUser(t.db, { firstName: 'Fay', lastName: 'Forum' });
    const category = await forumCategory(t.db);
    const made = await createDiscussion(t.db, author.id, { title: 'Lease accounting question', content: 'How do you treat **IFRS 16** renewals?', categoryId: category.id });
    if (made.kind !== 'created') throw new Error('not created');
    const html = await page(`/forums/${made.id}`);
    expect(metaContent(html, 'og:title')).toBe('Lease accounting question');
    expect(structuredData(html)).toMatchObject({
      '@type': 'DiscussionForumPosting',
      headline: 'Lease accounting question',
      text: 'How do you treat IFRS 16 renewals?',
      author: { name: 'Fay Forum' },
      interactionStatistic: { userInteractionCount: 0 },
    });
    await t.db('forum_discussions').where({ id: made.id }).update({ status: 'draft' });
    const hidden = await anon.get(`/forums/${made.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('og:title');
  });

  it('lists public pages in /sitemap.xml and points to it from /robots.txt', async () => {
    const published = await insertArticle(t.db, { title: 'Listed' });
    const draft = await insertArticle(t.db, { title: 'Unlisted', status: 'draft' });
    const archived = await insertArticle(t.db, { title: 'Gone', isArchived: true });
    const episode = await insertPodcast(t.db, { title: 'Listed episode' });
    const draftEpisode = await insertPodcast(t.db, { title: 'Unlisted episode', status: 'draft' });
    const res = await anon.get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.text).toContain(`<loc>${t.url}/news/${published}</loc>`);
    expect(res.text).toContain(`<loc>${t.url}/podcasts</loc>`);
    expect(res.text).toContain(`<loc>${t.url}/podcasts/${episode}</loc>`);
    expect(res.text).not.toContain(draft);
    expect(res.text).not.toContain(archived);
    expect(res.text).not.toContain(draftEpisode);
    const robots = await anon.get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${t.url}/sitemap.xml`);
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).toContain('Disallow: /invite/');
    // Reset links carry a token: never crawled.
    expect(robots.text).toContain('Disallow: /reset-password');
  });
});

describe('PUBLIC_URL', () => {
  const pwaDir = mkdtempSync(path.join(os.tmpdir(), 'lc-shell-'));
  let t: TestServer;
  beforeAll(async () => {
    copyFileSync(path.resolve(import.meta.dirname, '../../pwa/index.html'), path.join(pwaDir, 'index.html'));
    t = await startTestServer('sqlite', { pwaDir, publicUrl: 'https://ledger.example' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(pwaDir, { recursive: true, force: true });
  });

  it('pins absolute links to the configured origin, whatever Host the request names', async () => {
    const id = await insertArticle(t.db, { title: 'Pinned origin' });
    const agent = t.agent();
    const html = (await agent.get(`/news/${id}`, { 'x-forwarded-host': 'evil.example' })).text;
    expect(html).toContain(`<link rel="canonical" href="https://ledger.example/news/${id}" />`);
    expect((await agent.get('/feed.xml')).text).toContain(`<link>https://ledger.example/news/${id}</link>`);
    expect((await agent.get('/robots.txt')).text).toContain('Sitemap: https://ledger.example/sitemap.xml');
  });
});

describe('JSON-LD escaping', () => {
  it('escapes every character that could end or alter a script block, and round-trips', () => {
    const value = { a: '</script><!-- & \u2028 >' };
    const out = jsonLd(value);
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});
