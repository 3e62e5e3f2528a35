import type Router from '@koa/router';
import { caseSensitiveRouter } from '../middleware/canonical-path';
import type { Knex } from 'knex';
import { toIso } from '../db/dialect';
import { latest, originOf, sendCacheable, type SiteInfo } from '../site';
import { escapeXml } from './html';
import { listPublicDiscussionStamps } from '../api/forums/repo';
import { listPublicArticleStamps } from '../api/news/repo';
import { listPublicEpisodeStamps } from '../api/podcasts/repo';

/** The public list pages, always in the sitemap. */
const STATIC_PAGES = ['/', '/news', '/podcasts', '/forums', '/resources', '/community', '/about', '/contact', '/privacy', '/terms'];
/** Newest items of each kind listed (well under the sitemap protocol's 50,000 URLs a file). */
const SITEMAP_ITEMS = 5_000;

/** Pages with nothing to index: forms, the admin area and sign-in. */
const DISALLOWED = ['/api/', '/admin', '/login', '/logout', '/invite/', '/forgot-password', '/reset-password', '/confirm-email/', '/news/add', '/podcasts/add', '/news/*/edit', '/podcasts/*/edit'];

/** `/sitemap.xml` and `/robots.txt`: only published, non-archived pages are listed. */
export function pageRoutes(db: Knex, site: SiteInfo): Router {
  const router = caseSensitiveRouter();

  router.get('/sitemap.xml', async (ctx) => {
    const origin = originOf(ctx, site);
    const [articles, episodes, discussions] = await Promise.all([
      listPublicArticleStamps(db, SITEMAP_ITEMS),
      listPublicEpisodeStamps(db, SITEMAP_ITEMS),
      listPublicDiscussionStamps(db, SITEMAP_ITEMS),
    ]);
    const entry = (path: string, updated?: unknown) =>
      `  <url><loc>${escapeXml(origin + path)}</loc>${updated ? `<lastmod>${toIso(updated)}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...STATIC_PAGES.map((p) => entry(p)),
      ...articles.map((r) => entry(`/news/${r.id}`, r.updated_at)),
      ...episodes.map((r) => entry(`/podcasts/${r.id}`, r.updated_at)),
      ...discussions.map((r) => entry(`/forums/${r.id}`, r.updated_at)),
      '</urlset>',
      '',
    ].join('\n');
    sendCacheable(ctx, xml, 'application/xml; charset=utf-8', latest([...articles, ...episodes, ...discussions].map((r) => r.updated_at)));
  });

  router.get('/robots.txt', (ctx) => {
    const origin = originOf(ctx, site);
    const lines = ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''];
    sendCacheable(ctx, lines.join('\n'), 'text/plain; charset=utf-8');
  });

  return router;
}
