import type Koa from 'koa';
import helmet from 'koa-helmet';
import { HttpError } from '../errors';
import { normalHost } from '../config';

/**
 * The Content-Security-Policy of every response (the PWA's pages above all). Scripts come only
 * from this origin: no inline script, no eval. Styles also allow 'unsafe-inline' because
 * react-aria-components inserts small <style> elements at run time (usePress, usePreventScroll);
 * it could take a nonce, but the page shell is a static, cacheable file that cannot carry a fresh
 * nonce per response. Inline styles cannot run script. See docs/security.md.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // https: for article and resource images that editors link from other sites.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // https: for episode audio hosted elsewhere.
  'media-src': ["'self'", 'https:'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
} as const satisfies Record<string, readonly string[]>;

/**
 * Security headers on every response but a page's built files and covers (below), from helmet: the CSP above, nosniff, DENY framing,
 * Referrer-Policy `same-origin` (full URL within the site, which the origin check can read, and
 * nothing to other sites), and HSTS plus upgrade-insecure-requests only in production, where the
 * site is served over HTTPS (in development they would break http://localhost).
 */
export function securityHeaders({ production }: { production: boolean }): Koa.Middleware {
  const documents = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CSP_DIRECTIVES,
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  return async (ctx, next) => {
    if (!isSubresource(ctx.path)) return documents(ctx, next);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}

/**
 * The built scripts and stylesheets (`/assets/`, hashed) and the generated raster covers: files a page
 * loads, never pages. CSP, framing, referrer, opener and the rest act on documents and workers only, so
 * on these they were bytes repeated on every request of a first visit (docs/performance.md, "First
 * visit"); nosniff and CORP, which do act on a subresource, stay. The worker (/sw.js), SVGs (a document
 * when opened) and uploaded objects keep the full set.
 */
const SUBRESOURCE = /^\/(assets\/[\w.-]+\.(js|css)|covers\/[\w/-]+\.(webp|jpg))$/;
export const isSubresource = (path: string): boolean => SUBRESOURCE.test(path);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths a mail client POSTs to from outside the site (RFC 8058 one-click unsubscribe): exempt from
 * the origin check, exactly these. Safe because the request carries its own proof (a signed token
 * in the URL) and needs no cookie: a cross-site POST there can do nothing a forged page could not.
 */
export const ONE_CLICK_PATHS: ReadonlySet<string> = new Set(['/api/notifications/unsubscribe']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/**
 * CSRF defence: a state-changing request (any method but GET, HEAD and OPTIONS) must come from a
 * page of this site. The browser says where a request comes from in `Origin` (sent on every such
 * request by current browsers, `null` when it will not say), else `Referer`, else
 * `Sec-Fetch-Site`; the first one present must name this site's origin (scheme, host and port
 * of the request, from X-Forwarded-Proto/-Host when the proxy setting is on), or the request is
 * refused with 403.
 *
 * A request with none of the three did not come from a browser (curl, scripts, API clients, test
 * tools) and so cannot carry a victim's cookies on an attacker's behalf: it is let through, as Go's
 * `http.CrossOriginProtection` does. See docs/security.md.
 */
export function requireSameOrigin(): Koa.Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && !ONE_CLICK_PATHS.has(ctx.path) && !fromThisSite(ctx)) {
      throw new HttpError(403, 'cross_site_request', CROSS_SITE_MESSAGE);
    }
    await next();
  };
}

/**
 * This site's origin as the client sees it (X-Forwarded-Proto/-Host from a trusted proxy), host in
 * its one spelling (lower case, no default port). Not ctx.origin: since Koa 3 that is the request's
 * Origin header, not the site's origin. Absolute links use `originOf` (server/feeds/site.ts), which
 * prefers PUBLIC_URL.
 */
export function siteOrigin(ctx: Koa.Context): string {
  const protocol = schemeOf(ctx);
  return `${protocol}://${normalHost(ctx.host, protocol) ?? ctx.host}`;
}

const schemeOf = (ctx: Koa.Context) => (ctx.protocol === 'https' ? 'https' : 'http');

export const UNKNOWN_HOST_MESSAGE = 'Unknown host';

/** Host names that always refer to the machine itself. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Refuses, with 400 `unknown_host`, a request whose Host (or a trusted proxy's X-Forwarded-Host)
 * is not one of this site's names. Without it, a Host chosen by the client would go into absolute
 * links (pages, feeds, the sitemap) and into the page cache's keys: a forged Host could poison a
 * cached page, or make every request a cache miss. Allowed:
 * - PUBLIC_URL's host and the ALLOWED_HOSTS entries (`host` means the scheme's default port);
 * - on the port the connection arrived on: localhost, 127.0.0.1, [::1], the listen address HOST
 *   and the address the connection arrived on (so tests and probes on any port, and HOST=0.0.0.0,
 *   work without configuration).
 * Each is a fixed, short list, so the page cache holds at most a few copies of a page.
 */
export function requireKnownHost({
  allowedHosts = [],
  publicUrl,
  listenHost,
}: {
  allowedHosts?: readonly string[];
  publicUrl?: string;
  listenHost?: string;
}): Koa.Middleware {
  const named = new Set(allowedHosts);
  if (publicUrl) named.add(new URL(publicUrl).host);
  const local = [...LOOPBACK_HOSTS];
  if (listenHost && !['0.0.0.0', '::', '[::]'].includes(listenHost)) local.push(listenHost.includes(':') ? `[${listenHost}]` : listenHost);

  const known = (ctx: Koa.Context): boolean => {
    const protocol = schemeOf(ctx);
    const host = normalHost(ctx.host, protocol);
    if (!host) return false;
    if (named.has(host)) return true;
    const { localAddress, localPort } = ctx.req.socket;
    // IPv4 on a dual-stack socket reads `::ffff:10.0.0.5`; both spellings name it.
    const arrivedOn = localAddress ? [localAddress, localAddress.replace(/^::ffff:(?=\d+\.)/i, '')] : [];
    const names = [...local, ...arrivedOn.map((a) => (a.includes(':') ? `[${a}]` : a))];
    return names.some((name) => normalHost(`${name}:${localPort}`, protocol) === host);
  };

  return async (ctx, next) => {
    // The server's own render calls forward a host this check already let through (proxy.ts).
    if (!ctx.state.internalCall && !known(ctx)) throw new HttpError(400, 'unknown_host', UNKNOWN_HOST_MESSAGE);
    await next();
  };
}

function fromThisSite(ctx: Koa.Context): boolean {
  const own = siteOrigin(ctx);
  const origin = ctx.get('origin');
  if (origin) return sameOrigin(origin, own);
  const referer = ctx.get('referer');
  if (referer) return sameOrigin(referer, own);
  const site = ctx.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  return true;
}

function sameOrigin(url: string, own: string): boolean {
  try {
    const theirs = new URL(url).origin;
    // An opaque origin ('null', data:, file:) serialises as 'null' and never matches.
    return theirs !== 'null' && theirs === new URL(own).origin;
  } catch {
    return false;
  }
}
