import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { siteOrigin } from './middleware/security';

/** What feeds, share pages and the sitemap need to know about the site. */
export interface SiteInfo {
  siteName: string;
  /** PUBLIC_URL, when set; otherwise each request's own origin. */
  publicUrl?: string;
  /** PODCAST_OWNER_EMAIL: the podcast feed's itunes:owner address, when set. */
  podcastOwnerEmail?: string;
}

/**
 * The absolute origin every absolute link is built on (feeds, share pages, the sitemap, server-
 * rendered pages): the one place that decides it. PUBLIC_URL pins it; without it, the request's
 * origin, whose host requireKnownHost (server/middleware/security.ts) has checked against the
 * allowed hosts, and X-Forwarded-Proto/-Host only from a proxy in TRUST_PROXY.
 */
export function originOf(ctx: Koa.Context, site: Pick<SiteInfo, 'publicUrl'>): string {
  return site.publicUrl ?? siteOrigin(ctx);
}

/** Absolute URL of a path on this site; absolute URLs pass through. */
export function absolute(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * Answers a generated document with an ETag (of its bytes) and Last-Modified, and 304 when the
 * client's copy is current. Feeds are polled often: most polls then cost no body at all.
 */
export function sendCacheable(ctx: Koa.Context, body: string, type: string, lastModified?: Date): void {
  ctx.status = 200;
  ctx.type = type;
  ctx.set('Cache-Control', 'public, max-age=300');
  ctx.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  if (lastModified) ctx.lastModified = lastModified;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = body;
}

/** The latest of some timestamps (rows' updated_at), or undefined for none. */
export function latest(values: unknown[]): Date | undefined {
  const times = values.map((v) => (v instanceof Date ? v.getTime() : Date.parse(String(v)))).filter((n) => !Number.isNaN(n));
  return times.length ? new Date(Math.max(...times)) : undefined;
}
