import { Feed, type Item } from 'feed';
import { v5 as uuidv5 } from 'uuid';
import { toIso } from '../db/dialect';
import { plainText, truncateWords } from '../../contracts/text';
import type { ArticleRow } from '../api/news/repo';
import type { PodcastRow } from '../api/podcasts/repo';
import type { AuthorRow } from '../api/users/presenter';
import { escapeHtml } from '../pages/html';
import { absolute, latest, type SiteInfo } from '../site';
import type { AudioObject, FeedItems } from './repo';
import { episodeFilePaths, TRANSCRIPT_TEXT_TYPE, TRANSCRIPT_VTT_TYPE, CHAPTERS_TYPE } from '../api/podcasts/files';
import { coverUrl, EPISODE_FEED_COVER_SIZE, podcastCover, SERIES_FEED_COVER_SIZE, seriesCover } from '../../contracts/covers';

/*
 * Feed documents, built with the `feed` library (RSS 2.0 and Atom 1.0, with its own XML escaping).
 * It has only a partial notion of podcasts (no itunes:image, explicit, episode, or a category
 * with the `text` attribute Apple requires), so those iTunes and Podcasting 2.0 tags are added
 * as its "extensions", which go through the same escaping serializer.
 *
 * Titles and excerpts are text, never markup. The library puts an item's title and description in
 * CDATA and marks Atom's `<title>` and `<summary>` `type="html"`; RSS readers render an item's
 * `<description>` as HTML too. So what goes into those is HTML-escaped text (`escapeHtml`): a title
 * `<img src=x onerror=…>` reaches a reader as the characters `&#60;img …`, which an HTML renderer
 * shows as the text it is. An RSS `<title>` is plain text by the RSS spec, but many readers render it
 * as HTML, so markup is taken out of it as WordPress does (`rssTitle`): a title `<img src=x
 * onerror=…>` must not arrive as an element. Atom's titles say `type="html"` and stay escaped.
 */

const DESCRIPTION_LENGTH = 300;

/**
 * A title for an RSS `<title>` (and `itunes:title`): its tags taken out, as WordPress's
 * `wp_strip_all_tags` does for `the_title_rss` (script and style elements with their content, then
 * every tag, an unclosed one to the end), whitespace collapsed. A `<` not starting a tag (`a < b`)
 * stays: the XML escaping is the library's, and no reader starts an element there.
 */
export function rssTitle(title: string): string {
  return title
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[a-zA-Z!/?][^>]*(?:>|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
export const PODCAST_DESCRIPTION = 'Conversations with the people shaping accounting, audit and corporate finance.';
/** Apple's category list: the closest fit for accounting and corporate finance. */
const ITUNES_CATEGORY = { text: 'Business', sub: 'Management' };
const PODCAST_NAMESPACE = 'https://podcastindex.org/namespace/1.0';
/**
 * The namespace podcast:guid's UUIDv5 is made in (Podcasting 2.0's guid tag), checked against the
 * namespace's own examples in feeds.test.ts (mp3s.nashownotes.com/pc20rss.xml → 917393e3-…).
 */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** podcast:guid of a feed: the UUIDv5 of its URL without the scheme and trailing slashes. */
export function podcastGuid(feedUrl: string): string {
  return uuidv5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
}

export interface FeedContext {
  site: SiteInfo;
  origin: string;
}

const authorName = (a: AuthorRow | undefined) => [a?.first_name, a?.last_name].filter(Boolean).join(' ').trim() || undefined;
const dateOf = (v: unknown) => new Date(toIso(v) ?? 0);

/** Updated = the newest item's updated_at, so an unchanged feed is byte-identical (and its ETag stable). */
function updatedOf(rows: Array<{ updated_at: unknown }>): Date {
  return latest(rows.map((r) => r.updated_at)) ?? new Date(0);
}

export interface ArticleFeedOptions {
  /** Shown in the feed title, e.g. a category's name. */
  title?: string;
  description?: string;
  /** The feed's own URLs (RSS and Atom), for the self links. */
  selfRss: string;
  selfAtom?: string;
  /** The page the feed mirrors. */
  pagePath: string;
}

/** The news feed (site-wide or one category's) as RSS 2.0 or Atom 1.0. */
export function articleFeedXml(ctx: FeedContext, items: FeedItems<ArticleRow>, o: ArticleFeedOptions, format: 'rss' | 'atom'): string {
  const { origin, site } = ctx;
  const feed = new Feed({
    id: `${origin}${o.pagePath}`,
    link: `${origin}${o.pagePath}`,
    // A category's name is an editor's text: as an item's title in RSS, as it is in Atom.
    title: o.title ? `${site.siteName}: ${format === 'rss' ? rssTitle(o.title) : o.title}` : `${site.siteName} News`,
    description: o.description ?? `Latest news from ${site.siteName}`,
    language: 'en',
    updated: updatedOf(items.rows),
    generator: false,
    copyright: `© ${site.siteName}`,
    feedLinks: { rss: `${origin}${o.selfRss}`, ...(o.selfAtom ? { atom: `${origin}${o.selfAtom}` } : {}) },
  });
  for (const row of items.rows) {
    const link = `${origin}/news/${row.id}`;
    const name = authorName(items.authors.get(row.author_id ?? ''));
    const item: Item = {
      // Atom's title is `type="html"`; RSS's is plain text, which many readers render as HTML.
      title: format === 'atom' ? escapeHtml(row.title) : rssTitle(row.title),
      id: `urn:uuid:${row.id}`,
      guid: `urn:uuid:${row.id}`,
      link,
      date: dateOf(row.updated_at),
      published: dateOf(row.published_at),
      description: escapeHtml(truncateWords(plainText(row.excerpt?.trim() || row.content), DESCRIPTION_LENGTH)),
      category: (items.relations.categories.get(row.id) ?? []).map((c) => ({
        name: c.name,
        term: c.slug,
        domain: `${origin}/news?categories=${c.id}`,
        scheme: `${origin}/news/category/`,
      })),
      ...(name ? { author: [{ name }] } : {}),
    };
    feed.addItem(item);
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}

const OBJECT_PATH = /^\/objects\/([0-9a-f-]{36})$/i;

/** Object id of an uploaded file's path (`/objects/<id>`), if it is one. */
export function objectIdOf(url: string | null): string | undefined {
  return url ? OBJECT_PATH.exec(url)?.[1] : undefined;
}

/**
 * The enclosure podcast apps download: the episode's uploaded audio, a finalised object, with its
 * stored length and type. Undefined when there is none (such an episode is left out of the feed).
 */
function enclosureOf(url: string | null, origin: string, objects: Map<string, AudioObject>) {
  const object = objects.get(objectIdOf(url) ?? '');
  return object && url ? { url: absolute(origin, url), type: object.contentType, length: object.size } : undefined;
}

/** H:MM:SS, one of the forms Apple documents for itunes:duration. */
function hms(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

const text = (value: string | number) => ({ _text: String(value) });

/** A media type without its parameters (the feed's `type` attributes name the type only). */
const mediaType = (type: string) => type.split(';')[0].trim();

/**
 * An episode's Podcasting 2.0 tags: its transcript (WebVTT when timed, as captions; else plain
 * text), its JSON chapters and its people (host and guest, in the cast group). The files' URLs
 * are the API's (podcasts/routes.ts), absolute.
 */
function podcastTags(origin: string, row: PodcastRow): NonNullable<Item['extensions']> {
  const tags: NonNullable<Item['extensions']> = [];
  const paths = episodeFilePaths(row.id);
  if (row.transcript_kind === 'timed') {
    tags.push({ name: 'podcast:transcript', objects: { _attributes: { url: absolute(origin, paths.vtt), type: mediaType(TRANSCRIPT_VTT_TYPE), language: 'en', rel: 'captions' } } });
  } else if (row.transcript_kind === 'text') {
    tags.push({ name: 'podcast:transcript', objects: { _attributes: { url: absolute(origin, paths.text), type: mediaType(TRANSCRIPT_TEXT_TYPE), language: 'en' } } });
  }
  if (row.chapters && row.chapters !== '[]') {
    tags.push({ name: 'podcast:chapters', objects: { _attributes: { url: absolute(origin, paths.chapters), type: mediaType(CHAPTERS_TYPE) } } });
  }
  const people = [
    [row.host_name, 'host'],
    [row.guest_name, 'guest'],
  ]
    // The namespace asks for at most 128 characters; names are at most 200 here.
    .map(([name, role]) => ({ who: name?.trim().slice(0, 128), role }))
    .filter((p) => p.who)
    .map(({ who, role }) => ({ _attributes: { role: role!, group: 'cast' }, _text: who! }));
  // One extension per name: the library keeps the last of two with the same name, and its XML
  // writer (xml-js) writes an array as repeated elements, which its type does not say.
  if (people.length) tags.push({ name: 'podcast:person', objects: people as unknown as Record<string, unknown> });
  return tags;
}

/** The podcast feed: RSS 2.0 with the iTunes and Podcasting 2.0 tags podcast apps read. */
export function podcastFeedXml(ctx: FeedContext, items: FeedItems<PodcastRow>, objects: Map<string, AudioObject>): string {
  const { origin, site } = ctx;
  const title = `${site.siteName} Podcast`;
  // The show's own generated square (Apple: JPEG or PNG, 1400–3000 px), not an episode's picture.
  const cover = absolute(origin, coverUrl(seriesCover(site.siteName), SERIES_FEED_COVER_SIZE, 'jpg'));
  const feed = new Feed({
    id: `${origin}/podcasts`,
    link: `${origin}/podcasts`,
    title,
    description: PODCAST_DESCRIPTION,
    language: 'en',
    updated: updatedOf(items.rows),
    generator: false,
    copyright: `© ${site.siteName}`,
    feedLinks: { rss: `${origin}/podcasts/feed.xml` },
    image: cover,
    podcast: true,
    author: { name: site.siteName },
  });
  feed.addExtension({ name: 'itunes:image', objects: { _attributes: { href: cover } } });
  feed.addExtension({
    name: 'itunes:category',
    objects: { _attributes: { text: ITUNES_CATEGORY.text }, 'itunes:category': { _attributes: { text: ITUNES_CATEGORY.sub } } },
  });
  feed.addExtension({ name: 'itunes:explicit', objects: text('false') });
  // Directories mail the owner to confirm a submission; without an address the tag is left out.
  if (site.podcastOwnerEmail) {
    feed.addExtension({
      name: 'itunes:owner',
      objects: { 'itunes:name': text(site.siteName), 'itunes:email': text(site.podcastOwnerEmail) },
    });
  }
  feed.addExtension({ name: 'itunes:type', objects: text('episodic') });
  feed.addExtension({ name: 'itunes:summary', objects: text(PODCAST_DESCRIPTION) });
  feed.addExtension({ name: 'podcast:locked', objects: text('no') });
  // The show's lasting identity for Podcasting 2.0 apps, from the feed's address.
  feed.addExtension({ name: 'podcast:guid', objects: text(podcastGuid(`${origin}/podcasts/feed.xml`)) });

  for (const row of items.rows) {
    // Only episodes that play: one that just links to a page elsewhere is not in the feed.
    const enclosure = enclosureOf(row.audio_url, origin, objects);
    if (!enclosure) continue;
    const extensions: NonNullable<Item['extensions']> = [
      { name: 'itunes:title', objects: text(rssTitle(row.title)) },
      { name: 'itunes:explicit', objects: text('false') },
      { name: 'itunes:episodeType', objects: text('full') },
    ];
    if (row.episode_number !== null) {
      extensions.push({ name: 'itunes:episode', objects: text(row.episode_number) });
      extensions.push({ name: 'podcast:episode', objects: text(row.episode_number) });
    }
    if (row.duration !== null) extensions.push({ name: 'itunes:duration', objects: text(hms(Number(row.duration))) });
    // Its uploaded picture, else its generated 1400 px square (the one the PWA's cards show, squared).
    // Categories and shows come from the list's batched relations (one query each for the whole feed).
    const categories = items.relations.categories.get(row.id) ?? [];
    const show = (row.show_id && items.relations.shows?.get(row.show_id)) || null;
    const artwork =
      row.image_url ??
      coverUrl(
        podcastCover({
          id: row.id,
          title: row.title,
          episodeNumber: row.episode_number === null ? null : Number(row.episode_number),
          hostName: row.host_name,
          show,
          categories,
        }),
        EPISODE_FEED_COVER_SIZE,
        'jpg',
      );
    extensions.push({ name: 'itunes:image', objects: { _attributes: { href: absolute(origin, artwork) } } });
    const people = [row.host_name, row.guest_name].filter(Boolean).join(', ');
    if (people) extensions.push({ name: 'itunes:author', objects: text(people) });
    extensions.push(...podcastTags(origin, row));
    feed.addItem({
      title: rssTitle(row.title),
      // The episode's id: stable across edits, re-publishing and a change of domain.
      guid: row.id,
      link: `${origin}/podcasts`,
      date: dateOf(row.published_at),
      description: escapeHtml(row.description ?? ''),
      category: (items.relations.categories.get(row.id) ?? []).map((c) => ({ name: c.name })),
      enclosure,
      extensions,
    });
  }
  // The library writes a fixed set of namespaces on <rss>; Podcasting 2.0's is added to it here.
  return feed.rss2().replace('<rss version="2.0"', `<rss version="2.0" xmlns:podcast="${PODCAST_NAMESPACE}"`);
}
