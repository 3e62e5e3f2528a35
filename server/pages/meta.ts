import type { Knex } from 'knex';
import type Koa from 'koa';
import { Id } from '../../contracts/common';
import { plainText, truncateWords } from '../../contracts/text';
import { toBool, toInt, toIso } from '../db/dialect';
import { isListedPublicly } from '../api/content/visibility';
import { ARTICLES, PODCASTS } from '../api/content/kinds';
import { findContent, loadRelations } from '../api/content/repo';
import { articleCover, coverUrl, podcastCover, isObjectPath, objectVariantUrl, OG_COVER_SIZE, seriesCover } from '../../contracts/covers';
import type { ArticleRow } from '../api/news/repo';
import type { PodcastRow } from '../api/podcasts/repo';
import { findDiscussion } from '../api/forums/repo';
import { authorsByIds } from '../api/users/repo';
import type { AuthorRow } from '../api/users/presenter';
import { PODCAST_DESCRIPTION } from '../feeds/build';
import { podcastFeedItems } from '../feeds/repo';
import { absolute, originOf, type SiteInfo } from '../site';
import type { PageMeta } from './html';

const DESCRIPTION_LENGTH = 200;
const describe = (text: string) => truncateWords(plainText(text), DESCRIPTION_LENGTH);
const nameOf = (a: AuthorRow | undefined) => [a?.first_name, a?.last_name].filter(Boolean).join(' ').trim() || undefined;
const person = (name: string | undefined | null) => (name ? { '@type': 'Person', name } : undefined);

/**
 * The link preview's picture: an uploaded image as its 1600 px JPEG (upright, without metadata,
 * and a size every crawler reads), another site's image as it is, else the generated 1200×630 cover.
 */
function previewImage(origin: string, imageUrl: string | null, cover: string): Pick<PageMeta, 'image' | 'imageSize'> {
  if (!imageUrl) return { image: absolute(origin, cover), imageSize: OG_SIZE };
  return { image: absolute(origin, isObjectPath(imageUrl) ? objectVariantUrl(imageUrl, 1600, 'jpg') : imageUrl) };
}

const [ogWidth, ogHeight] = OG_COVER_SIZE.split('x').map(Number);
const OG_SIZE = { width: ogWidth, height: ogHeight };

/** What an article's and an episode's page both say: title, text, address, preview picture and times. */
function itemPage(
  origin: string,
  url: string,
  row: { title: string; image_url: string | null; published_at: unknown; updated_at: unknown },
  description: string,
  cover: Parameters<typeof coverUrl>[0],
): Omit<PageMeta, 'structured'> & { image: string } {
  const { image, imageSize } = previewImage(origin, row.image_url, coverUrl(cover, OG_COVER_SIZE, 'jpg'));
  const times = { publishedTime: toIso(row.published_at) ?? undefined, modifiedTime: toIso(row.updated_at) ?? undefined };
  return { title: row.title, description, url, image: image!, imageSize, type: 'article', ...times };
}

/** `/news/<id>`: a published, non-archived article (anything else keeps the plain shell). */
async function articleMeta(db: Knex, id: string, origin: string, site: SiteInfo): Promise<PageMeta | undefined> {
  const row = await findContent<ArticleRow>(db, ARTICLES, id);
  if (!row || !isListedPublicly('article', row)) return undefined;
  const author = nameOf((await authorsByIds(db, [row.author_id])).get(row.author_id ?? ''));
  const url = `${origin}/news/${row.id}`;
  const categories = (await loadRelations(db, ARTICLES, [row])).categories.get(row.id) ?? [];
  const cover = articleCover({ id: row.id, title: row.title, sourceName: row.source_name, categories });
  const page = itemPage(origin, url, row, describe(row.excerpt?.trim() || row.content), cover);
  return {
    ...page,
    structured: {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: row.title,
      description: page.description,
      url,
      mainEntityOfPage: url,
      image: [page.image],
      datePublished: page.publishedTime,
      dateModified: page.modifiedTime,
      ...(author ? { author: person(author) } : {}),
      publisher: { '@type': 'Organization', name: site.siteName, url: origin },
    },
  };
}

/** `/podcasts`: the series, with its newest (or first featured) published episode. */
async function podcastsMeta(db: Knex, origin: string, site: SiteInfo): Promise<PageMeta> {
  const { rows } = await podcastFeedItems(db);
  const latest = rows.find((r) => toBool(r.is_featured)) ?? rows[0];
  const url = `${origin}/podcasts`;
  const feed = `${origin}/podcasts/feed.xml`;
  const title = `${site.siteName} Podcast Hub`;
  // The podcast's own generated preview (an episode's picture would stand for the whole podcast).
  const image = absolute(origin, coverUrl(seriesCover(site.siteName), OG_COVER_SIZE, 'jpg'));
  return {
    title,
    description: PODCAST_DESCRIPTION,
    url,
    image,
    imageSize: OG_SIZE,
    type: 'website',
    feeds: [{ title: `${site.siteName} Podcast`, href: feed, type: 'application/rss+xml' }],
    structured: {
      '@context': 'https://schema.org',
      '@type': 'PodcastSeries',
      name: `${site.siteName} Podcast`,
      description: PODCAST_DESCRIPTION,
      url,
      webFeed: feed,
      ...(latest
        ? {
            episode: {
              '@type': 'PodcastEpisode',
              name: latest.title,
              url: `${origin}/podcasts/${latest.id}`,
              ...(latest.description ? { description: describe(latest.description) } : {}),
              ...(latest.episode_number !== null ? { episodeNumber: toInt(latest.episode_number) } : {}),
              datePublished: toIso(latest.published_at) ?? undefined,
              ...(latest.duration !== null ? { timeRequired: `PT${toInt(latest.duration)}S` } : {}),
              ...(latest.audio_url ? { associatedMedia: { '@type': 'MediaObject', contentUrl: absolute(origin, latest.audio_url) } } : {}),
            },
          }
        : {}),
    },
  };
}

/** Seconds as an ISO-8601 duration (`PT1H2M3S`), as schema.org's timeRequired and duration take it. */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${sec || (!h && !m) ? `${sec}S` : ''}`;
}

/** `/podcasts/<id>`: a published, non-archived episode (anything else keeps the plain shell). */
async function episodeMeta(db: Knex, id: string, origin: string, site: SiteInfo): Promise<PageMeta | undefined> {
  const row = await findContent<PodcastRow>(db, PODCASTS, id);
  if (!row || !isListedPublicly('episode', row)) return undefined;
  const url = `${origin}/podcasts/${row.id}`;
  const rel = await loadRelations(db, PODCASTS, [row]);
  const show = (row.show_id && rel.shows?.get(row.show_id)) || null;
  const cover = podcastCover({
    id: row.id,
    title: row.title,
    episodeNumber: row.episode_number === null ? null : toInt(row.episode_number),
    hostName: row.host_name,
    show,
    categories: rel.categories.get(row.id) ?? [],
  });
  const description = row.description?.trim() ? describe(row.description) : `${show?.name ?? site.siteName}: ${row.title}`;
  const page = itemPage(origin, url, row, description, cover);
  const duration = row.duration === null ? undefined : isoDuration(toInt(row.duration));
  const audio = row.audio_url ? { url: absolute(origin, row.audio_url), type: row.audio_type ?? undefined } : undefined;
  return {
    ...page,
    audio,
    structured: {
      '@context': 'https://schema.org',
      '@type': 'PodcastEpisode',
      name: row.title,
      description,
      url,
      image: [page.image],
      datePublished: page.publishedTime,
      ...(row.episode_number !== null ? { episodeNumber: toInt(row.episode_number) } : {}),
      ...(duration ? { timeRequired: duration, duration } : {}),
      partOfSeries: {
        '@type': 'PodcastSeries',
        name: show?.name ?? `${site.siteName} Podcast`,
        url: show ? `${origin}/podcasts?show=${encodeURIComponent(show.slug)}` : `${origin}/podcasts`,
      },
      ...(row.host_name ? { author: person(row.host_name) } : {}),
      ...(row.guest_name ? { actor: person(row.guest_name) } : {}),
      ...(audio ? { associatedMedia: { '@type': 'MediaObject', contentUrl: audio.url, ...(audio.type ? { encodingFormat: audio.type } : {}) } } : {}),
    },
  };
}

/** `/forums/<id>`: a discussion anyone may open (published, not hidden). */
async function discussionMeta(db: Knex, id: string, origin: string): Promise<PageMeta | undefined> {
  const row = await findDiscussion(db, id);
  if (!row || !isListedPublicly('discussion', row)) return undefined;
  const author = nameOf((await authorsByIds(db, [row.author_id])).get(row.author_id ?? ''));
  const url = `${origin}/forums/${row.id}`;
  const description = describe(row.content);
  return {
    title: row.title,
    description,
    url,
    type: 'article',
    structured: {
      '@context': 'https://schema.org',
      '@type': 'DiscussionForumPosting',
      headline: row.title,
      text: description,
      url,
      datePublished: toIso(row.created_at) ?? undefined,
      dateModified: toIso(row.updated_at) ?? undefined,
      ...(author ? { author: person(author) } : {}),
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/CommentAction',
        userInteractionCount: toInt(row.reply_count),
      },
    },
  };
}

/** The metadata of a shareable page, or undefined to serve the plain shell. */
export async function pageMeta(db: Knex, ctx: Koa.Context, site: SiteInfo): Promise<PageMeta | undefined> {
  const origin = originOf(ctx, site);
  const path = ctx.path.replace(/\/+$/, '') || '/';
  if (path === '/podcasts') return podcastsMeta(db, origin, site);
  const match = /^\/(news|forums|podcasts)\/([^/]+)$/.exec(path);
  const id = match ? Id.safeParse(match[2]) : undefined;
  if (!match || !id?.success) return undefined;
  if (match[1] === 'podcasts') return episodeMeta(db, id.data, origin, site);
  return match[1] === 'news' ? articleMeta(db, id.data, origin, site) : discussionMeta(db, id.data, origin);
}
