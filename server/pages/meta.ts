import type { Knex } from 'knex';
import type Koa from 'koa';
import { Id } from '../../contracts/common';
import { plainText, truncateWords } from '../../contracts/text';
import { toBool, toInt, toIso } from '../db/dialect';
import { ARTICLES } from '../api/content/kinds';
import { findContent } from '../api/content/repo';
import type { ArticleRow } from '../api/news/repo';
import { findDiscussion } from '../api/forums/repo';
import { authorsByIds } from '../api/users/repo';
import type { AuthorRow } from '../api/users/presenter';
import { PODCAST_DESCRIPTION } from '../feeds/build';
import { podcastFeedItems } from '../feeds/repo';
import { absolute, originOf, type SiteInfo } from '../feeds/site';
import type { PageMeta } from './html';

const DESCRIPTION_LENGTH = 200;
const describe = (text: string) => truncateWords(plainText(text), DESCRIPTION_LENGTH);
const nameOf = (a: AuthorRow | undefined) => [a?.first_name, a?.last_name].filter(Boolean).join(' ').trim() || undefined;
const person = (name: string | undefined | null) => (name ? { '@type': 'Person', name } : undefined);

/** `/news/<id>`: a published, non-archived article (anything else keeps the plain shell). */
async function articleMeta(db: Knex, id: string, origin: string, site: SiteInfo): Promise<PageMeta | undefined> {
  const row = await findContent<ArticleRow>(db, ARTICLES, id);
  if (!row || row.status !== 'published' || toBool(row.is_archived)) return undefined;
  const author = nameOf((await authorsByIds(db, [row.author_id])).get(row.author_id ?? ''));
  const url = `${origin}/news/${row.id}`;
  const image = row.image_url ? absolute(origin, row.image_url) : undefined;
  const description = describe(row.excerpt?.trim() || row.content);
  const published = toIso(row.published_at) ?? undefined;
  const modified = toIso(row.updated_at) ?? undefined;
  return {
    title: row.title,
    description,
    url,
    image,
    type: 'article',
    publishedTime: published,
    modifiedTime: modified,
    structured: {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: row.title,
      description,
      url,
      mainEntityOfPage: url,
      ...(image ? { image: [image] } : {}),
      datePublished: published,
      dateModified: modified,
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
  const image = latest?.image_url ? absolute(origin, latest.image_url) : undefined;
  return {
    title,
    description: PODCAST_DESCRIPTION,
    url,
    image,
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
              url,
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

/** `/forums/<id>`: a published discussion. */
async function discussionMeta(db: Knex, id: string, origin: string): Promise<PageMeta | undefined> {
  const row = await findDiscussion(db, id);
  if (!row || row.status !== 'published') return undefined;
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
  const match = /^\/(news|forums)\/([^/]+)$/.exec(path);
  const id = match ? Id.safeParse(match[2]) : undefined;
  if (!match || !id?.success) return undefined;
  return match[1] === 'news' ? articleMeta(db, id.data, origin, site) : discussionMeta(db, id.data, origin);
}
