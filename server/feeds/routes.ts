import type Router from '@koa/router';
import { caseSensitiveRouter } from '../middleware/canonical-path';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { textProblem } from '../../contracts/text';
import { notFound } from '../errors';
import { articleFeedXml, objectIdOf, podcastFeedXml, type FeedContext } from './build';
import { activeCategoryBySlug, articleFeedItems, audioObjects, podcastFeedItems } from './repo';
import { latest, originOf, sendCacheable, type SiteInfo } from '../site';

const RSS = 'application/rss+xml; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

/**
 * Public feeds: `/feed.xml` (RSS 2.0) and `/feed.atom` for the newest 50 published,
 * non-archived articles, `/news/category/<slug>/feed.xml` per category, and `/podcasts/feed.xml`
 * for podcast apps. Each answers 304 to a client whose ETag or date is current.
 */
export function feedRoutes(db: Knex, site: SiteInfo): Router {
  const router = caseSensitiveRouter();
  const context = (ctx: Koa.Context): FeedContext => ({ site, origin: originOf(ctx, site) });

  const siteFeed = async (ctx: Koa.Context, format: 'rss' | 'atom') => {
    const items = await articleFeedItems(db);
    const xml = articleFeedXml(context(ctx), items, { selfRss: '/feed.xml', selfAtom: '/feed.atom', pagePath: '/news' }, format);
    sendCacheable(ctx, xml, format === 'rss' ? RSS : ATOM, latest(items.rows.map((r) => r.updated_at)));
  };
  router.get('/feed.xml', (ctx) => siteFeed(ctx, 'rss'));
  router.get('/feed.atom', (ctx) => siteFeed(ctx, 'atom'));

  router.get('/news/category/:slug/feed.xml', async (ctx) => {
    const slug = String(ctx.params.slug);
    // The text rule of every API field applies to this path too: a slug with NUL (a%00b) can name
    // no category, and PostgreSQL would refuse to even compare it (a 500).
    const category = textProblem(slug) ? undefined : await activeCategoryBySlug(db, slug);
    if (!category) throw notFound('Category not found');
    const items = await articleFeedItems(db, [category.id]);
    const xml = articleFeedXml(context(ctx), items, {
      title: category.name,
      description: category.description ?? undefined,
      selfRss: `/news/category/${encodeURIComponent(category.slug)}/feed.xml`,
      pagePath: `/news?categories=${category.id}`,
    }, 'rss');
    sendCacheable(ctx, xml, RSS, latest(items.rows.map((r) => r.updated_at)));
  });

  router.get('/podcasts/feed.xml', async (ctx) => {
    const items = await podcastFeedItems(db);
    const objects = await audioObjects(db, items.rows.map((r) => objectIdOf(r.audio_url)).filter((id): id is string => Boolean(id)));
    sendCacheable(ctx, podcastFeedXml(context(ctx), items, objects), RSS, latest(items.rows.map((r) => r.updated_at)));
  });

  return router;
}
