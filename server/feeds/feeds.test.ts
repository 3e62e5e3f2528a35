import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type Agent } from '../test/harness';
import { podcastFeedXml, rssTitle } from './build';
import { coverUrl, podcastCover, seriesCover } from '../../contracts/covers';
import { signedIn } from '../test/agents';
import { createCategory, insertArticle, insertPodcast, minutesAgo, type CategoryFixture } from '../test/factories';
import { completedUpload, putFile, SPEECH_MP3 as MP3, uploadUrl, WAV_BYTES } from '../test/uploads';

/*
 * Feeds are parsed back with an XML parser (a malformed document throws) and checked for the
 * elements RSS 2.0, Atom 1.0 and Apple's podcast requirements make mandatory.
 */
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name, jpath) => ['item', 'entry', 'category'].includes(name) || jpath === 'feed.entry.link' });
const parse = (xml: string) => parser.parse(xml, true);
const HOSTILE = 'Fees & <script>alert(1)</script> ]]> "quoted"';

/** What an HTML renderer makes of escaped text: the character references turned back into characters. */
const htmlDecode = (html: string) =>
  html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name as 'lt']);

/**
 * A value a feed reader renders as HTML is safe when it holds no `<` (so no element, and no
 * attribute, can start) and shows exactly `text` once rendered.
 */
function expectHtmlShowingText(html: unknown, text: string) {
  expect(typeof html).toBe('string');
  expect(html as string).not.toMatch(/</);
  expect(htmlDecode(html as string)).toBe(text);
}

/** Every element and attribute name in a parsed document, to prove none came from content. */
function namesIn(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => namesIn(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      out.add(key.replace(/^@/, '').toLowerCase());
      namesIn(value, out);
    }
  }
  return out;
}

describeEachDb('feeds', (t) => {
  let anon: Agent;
  let editor: Agent;
  let cat: CategoryFixture;
  let other: CategoryFixture;
  let ids: { newer: string; older: string; draft: string; archived: string; otherCategory: string };

  beforeAll(async () => {
    const db = t().db;
    anon = t().agent();
    editor = (await signedIn(db, t().agent(), 'editor')).agent;
    [cat, other] = [await createCategory(db, { name: 'Audit & Assurance' }), await createCategory(db)];
    ids = {
      older: await insertArticle(db, { title: 'Older story', categoryIds: [cat.id], publishedAt: minutesAgo(30), content: '# Heading\n\nThe **body** text.' }),
      newer: await insertArticle(db, { title: HOSTILE, categoryIds: [cat.id], publishedAt: minutesAgo(10) }),
      draft: await insertArticle(db, { title: 'Secret draft', status: 'draft', categoryIds: [cat.id] }),
      archived: await insertArticle(db, { title: 'Archived story', isArchived: true, categoryIds: [cat.id] }),
      otherCategory: await insertArticle(db, { title: 'Elsewhere', categoryIds: [other.id], publishedAt: minutesAgo(20) }),
    };
  });

  it('serves /feed.xml as RSS 2.0 with the required elements, newest first, without drafts or archived items', async () => {
    const res = await anon.get('/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const { rss } = parse(res.text);
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.title).toBe('Ledger Commons News');
    expect(channel.link).toBe(`${t().url}/news`);
    expect(typeof channel.description).toBe('string');
    const items: any[] = channel.item;
    expect(items.map((i) => i.link)).toEqual([ids.newer, ids.otherCategory, ids.older].map((id) => `${t().url}/news/${id}`));
    expect(res.text).not.toContain('Secret draft');
    expect(res.text).not.toContain('Archived story');
    const [first, , third] = items;
    // The title is text, never markup: its tags (a script with its content) are taken out, the rest round-trips.
    expect(first.title).toBe('Fees & ]]> "quoted"');
    expect(first.guid['#text']).toBe(`urn:uuid:${ids.newer}`);
    expect(new Date(first.pubDate).toISOString()).toBe(minutesAgo(10));
    expect(first.category.map((c: any) => c['#text'])).toEqual(['Audit & Assurance']);
    expect(third.description).toBe('Heading The body text.');
  });

  it('serves /feed.atom as Atom 1.0 with the required elements', async () => {
    const res = await anon.get('/feed.atom');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const { feed } = parse(res.text);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBeTruthy();
    expect(feed.title['#text'] ?? feed.title).toBe('Ledger Commons News');
    expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
    const entries: any[] = feed.entry;
    expect(entries).toHaveLength(3);
    for (const e of entries) {
      expect(e.id).toMatch(/^urn:uuid:/);
      expect(e.title['#text']).toBeTruthy();
      expect(Number.isNaN(Date.parse(e.updated))).toBe(false);
      expect(e.link.some((l: any) => l['@href'].startsWith(`${t().url}/news/`))).toBe(true);
    }
    // Atom's entry title is type="html": escaped, so a reader shows the title as the text it is.
    expect(entries[0].title['@type']).toBe('html');
    expectHtmlShowingText(entries[0].title['#text'], HOSTILE);
  });

  it('serves a feed per category, and a JSON 404 for an unknown one', async () => {
    const res = await anon.get(`/news/category/${cat.slug}/feed.xml`);
    expect(res.status).toBe(200);
    const channel = parse(res.text).rss.channel;
    expect(channel.title).toBe('Ledger Commons: Audit & Assurance');
    expect(channel.item.map((i: any) => i.link)).toEqual([ids.newer, ids.older].map((id) => `${t().url}/news/${id}`));
    const missing = await anon.get('/news/category/no-such-category/feed.xml');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Category not found');
  });

  it('answers 304 to a current ETag or date, and a new ETag after an edit', async () => {
    const first = await anon.get('/feed.xml');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toBeTruthy();
    expect(lastModified).toBeTruthy();
    // fetch() adds `Cache-Control: no-cache` to conditional requests (a forced reload) unless told
    // otherwise; feed readers revalidate with max-age=0 or nothing.
    const revalidate = { 'cache-control': 'max-age=0' };
    const again = await anon.get('/feed.xml', { 'if-none-match': etag, ...revalidate });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await anon.get('/feed.xml', { 'if-modified-since': lastModified, ...revalidate })).status).toBe(304);
    expect((await anon.get('/feed.xml', { 'if-none-match': '"stale"', ...revalidate })).status).toBe(200);

    expect((await editor.patch(`/api/news/${ids.older}`, { title: 'Older story, revised' })).status).toBe(200);
    const changed = await anon.get('/feed.xml', { 'if-none-match': etag, ...revalidate });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.text).toContain('Older story, revised');
  });

  it('serves /podcasts/feed.xml with every tag podcast apps require', async () => {
    const db = t().db;
    const upload = await completedUpload(editor, 'audio');
    const audio = await editor.put('/api/podcasts/audio', { audioURL: upload });
    expect(audio.status, audio.text).toBe(200);
    const withAudio = await insertPodcast(db, { title: 'Episode with audio', categoryIds: [cat.id], publishedAt: minutesAgo(5), duration: 3725 });
    await db('podcast_episodes').where({ id: withAudio }).update({ audio_url: audio.body.objectPath, episode_number: 12, description: 'We talk <b>audit</b>.', host_name: 'Hana Host' });
    // Made through the API with a real MP3: its enclosure and duration come from the file.
    const mp3Url = await uploadUrl(editor, 'audio');
    expect((await putFile(editor, mp3Url, MP3)).status).toBe(200);
    const mp3 = await editor.put('/api/podcasts/audio', { audioURL: mp3Url });
    const second = await editor.post('/api/podcasts', { title: 'Second with audio', categoryIds: [cat.id], audioUrl: mp3.body.objectPath, duration: '50:00', episodeNumber: 13 });
    expect(second.status, second.text).toBe(201);
    await db('podcast_episodes').where({ id: second.body.id }).update({ published_at: minutesAgo(6) });
    // Only a link to a page elsewhere: podcast apps could not play it, so it is left out.
    const external = await insertPodcast(db, { title: 'Hosted elsewhere', publishedAt: minutesAgo(4) });
    await db('podcast_episodes').where({ id: external }).update({ external_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    // A file that was never published (not finalised) is no enclosure either.
    const pendingUrl = await uploadUrl(editor, 'audio');
    await putFile(editor, pendingUrl, MP3);
    const pending = await db('objects').whereNull('finalized_at').where({ kind: 'audio' }).first();
    const unpublishedFile = await insertPodcast(db, { title: 'File not published', publishedAt: minutesAgo(3) });
    await db('podcast_episodes').where({ id: unpublishedFile }).update({ audio_url: `/objects/${pending.id}` });
    await insertPodcast(db, { title: 'Draft episode', status: 'draft' });

    const res = await anon.get('/podcasts/feed.xml');
    expect(res.status).toBe(200);
    const { rss } = parse(res.text);
    expect(rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(rss['@xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
    const ch = rss.channel;
    expect(ch.title).toBe('Ledger Commons Podcast');
    expect(ch.link).toBe(`${t().url}/podcasts`);
    expect(ch.description).toBeTruthy();
    expect(ch.language).toBe('en');
    expect(ch['itunes:author']).toBe('Ledger Commons');
    // The podcast's generated 3000 px square, served as a JPEG of that size.
    const channelCover = `${t().url}${coverUrl(seriesCover('Ledger Commons'), '3000x3000', 'jpg')}`;
    expect(ch['itunes:image']['@href']).toBe(channelCover);
    expect(ch.image.url).toBe(channelCover);
    const channelImage = await fetch(channelCover);
    expect(channelImage.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await channelImage.arrayBuffer())).metadata()).toMatchObject({ width: 3000, height: 3000, format: 'jpeg' });
    expect(ch['itunes:owner']).toBeUndefined(); // PODCAST_OWNER_EMAIL is not set here
    expect(ch['itunes:category']['@text']).toBe('Business');
    expect(ch['itunes:category']['itunes:category']['@text']).toBe('Management');
    expect(String(ch['itunes:explicit'])).toBe('false');
    expect(res.text).not.toContain('Draft episode');
    expect(res.text).not.toContain('Hosted elsewhere');
    expect(res.text).not.toContain('File not published');

    const items: any[] = ch.item;
    expect(items.map((i) => i.title)).toEqual(['Episode with audio', 'Second with audio']);
    const [ep, ext] = items;
    expect(ep.guid['#text']).toBe(withAudio);
    expect(ep.guid['@isPermaLink']).toBe('false');
    // Podcast apps render the description as HTML: what the editor wrote is shown, not interpreted.
    expectHtmlShowingText(ep.description, 'We talk <b>audit</b>.');
    expect(ep['itunes:episode']).toBe(12);
    expect(ep['podcast:episode']).toBe(12);
    expect(ep['itunes:duration']).toBe('1:02:05');
    expect(String(ep['itunes:explicit'])).toBe('false');
    expect(ep.enclosure).toEqual({ '@url': `${t().url}${audio.body.objectPath}`, '@type': 'audio/wav', '@length': String(WAV_BYTES.length) });
    expect(ext.enclosure).toEqual({ '@url': `${t().url}${mp3.body.objectPath}`, '@type': 'audio/mpeg', '@length': String(MP3.length) });
    expect(ext['itunes:duration']).toBe('0:00:16'); // the file's, not the 50:00 typed
    expect(new Date(ep.pubDate).toISOString()).toBe(minutesAgo(5));
    // Each episode's artwork: its generated 1400 px square (the same cover its card shows), or its upload.
    const presented = (await anon.get(`/api/podcasts/${withAudio}`)).body;
    expect(ep['itunes:image']['@href']).toBe(`${t().url}${coverUrl(podcastCover(presented), '1400x1400', 'jpg')}`);
    const episodeImage = await fetch(ep['itunes:image']['@href']);
    expect(await sharp(Buffer.from(await episodeImage.arrayBuffer())).metadata()).toMatchObject({ width: 1400, height: 1400, format: 'jpeg' });
    await db('podcast_episodes').where({ id: second.body.id }).update({ image_url: 'https://cdn.example.com/ep/11.jpg' });
    const uploaded = parse((await anon.get('/podcasts/feed.xml')).text).rss.channel.item[1];
    expect(uploaded['itunes:image']['@href']).toBe('https://cdn.example.com/ep/11.jpg');

    // The guid is the episode's own id: stable across an edit.
    expect((await editor.patch(`/api/podcasts/${withAudio}`, { title: 'Renamed episode' })).status).toBe(200);
    const after = parse((await anon.get('/podcasts/feed.xml')).text).rss.channel.item[0];
    expect([after.title, after.guid['#text']]).toEqual(['Renamed episode', withAudio]);
  });

  it('an editor title and excerpt made of markup reach RSS and Atom readers as text, never as elements or attributes', async () => {
    const title = '<img src=x onerror=alert(1)>Quarterly <b>close</b> & a < b <svg/onload=alert(5)';
    const excerpt = '<svg onload=alert(2)> & <a href="javascript:alert(3)">x</a>';
    const created = await editor.post('/api/news', { title, content: 'Body', excerpt, categoryIds: [cat.id] });
    expect(created.status, created.text).toBe(201);

    const rssXml = (await anon.get('/feed.xml')).text;
    const item = parse(rssXml).rss.channel.item.find((i: any) => i.link.endsWith(created.body.id));
    // An RSS title is plain text by the spec, but many readers render it as HTML: its markup is taken
    // out as WordPress does (an unclosed tag to the end), the text stays.
    expect(item.title).toBe('Quarterly close & a < b');
    // An RSS description is HTML to every reader: escaped.
    expectHtmlShowingText(item.description, excerpt);

    const atomXml = (await anon.get('/feed.atom')).text;
    const entry = parse(atomXml).feed.entry.find((e: any) => e.id === `urn:uuid:${created.body.id}`);
    expect([entry.title['@type'], entry.summary['@type']]).toEqual(['html', 'html']);
    expectHtmlShowingText(entry.title['#text'], title);
    expectHtmlShowingText(entry.summary['#text'], excerpt);

    for (const xml of [rssXml, atomXml]) {
      const names = namesIn(parse(xml));
      for (const name of ['img', 'svg', 'a', 'src', 'onerror', 'onload']) {
        expect(names.has(name), `${name} in ${xml === rssXml ? 'RSS' : 'Atom'}`).toBe(false);
      }
    }
  });
});

it('takes markup out of RSS titles: items, itunes:title and a category channel’s title; Atom keeps them escaped', () => {
  for (const [given, expected] of [
    ['<img src=x onerror=alert(1)>', ''],
    ['Tax <script>alert(1)</script>update', 'Tax update'],
    ['<STYLE>p{}</STYLE>IFRS <i>17</i>', 'IFRS 17'],
    ['a < b and c > d', 'a < b and c > d'],
    ['Leases <a href="javascript:alert(1)"\n>now</a>', 'Leases now'],
    ['Open <img src=x onerror="alert(1)"', 'Open'],
  ]) {
    expect(rssTitle(given), given).toBe(expected);
  }
});

describeEachDb('feed titles made of markup', (t) => {
  it('reach RSS readers without markup in the podcast feed and a category feed’s channel title', async () => {
    const db = t().db;
    const category = await createCategory(db, { name: '<img src=x onerror=alert(4)>Tax' });
    await insertArticle(db, { title: 'Plain story', categoryIds: [category.id], publishedAt: minutesAgo(3) });
    const episode = await insertPodcast(db, { title: '<img src=x onerror=alert(6)>Episode <b>7</b>', publishedAt: minutesAgo(2) });
    const editor = (await signedIn(db, t().agent(), 'editor')).agent;
    const audio = await editor.put('/api/podcasts/audio', { audioURL: await completedUpload(editor, 'audio') });
    await db('podcast_episodes').where({ id: episode }).update({ audio_url: audio.body.objectPath });
    const anon = t().agent();

    const podcastXml = (await anon.get('/podcasts/feed.xml')).text;
    const item = parse(podcastXml).rss.channel.item.find((i: any) => i.guid['#text'] === episode);
    expect([item.title, item['itunes:title']]).toEqual(['Episode 7', 'Episode 7']);

    const categoryXml = (await anon.get(`/news/category/${category.slug}/feed.xml`)).text;
    expect(parse(categoryXml).rss.channel.title).toBe('Ledger Commons: Tax');
    for (const xml of [podcastXml, categoryXml]) {
      const names = namesIn(parse(xml));
      for (const name of ['img', 'b', 'src', 'onerror']) expect(names.has(name), name).toBe(false);
      // No element, CDATA included (an item's category name is escaped text, as before).
      expect(xml).not.toMatch(/<img/i);
    }
  });
});

it('names the podcast owner when PODCAST_OWNER_EMAIL is set; the channel artwork is on the same origin', () => {
  const xml = podcastFeedXml(
    { origin: 'https://ledger.example', site: { siteName: 'Ledger Commons', podcastOwnerEmail: 'podcast@ledger.example' } },
    { rows: [], relations: { categories: new Map(), liked: new Set() }, authors: new Map() },
    new Map(),
  );
  const ch = parse(xml).rss.channel;
  expect(ch['itunes:owner']).toEqual({ 'itunes:name': 'Ledger Commons', 'itunes:email': 'podcast@ledger.example' });
  expect(ch['itunes:image']['@href']).toMatch(/^https:\/\/ledger\.example\/covers\/series\/3000x3000\.jpg\?v=\w+$/);
});
