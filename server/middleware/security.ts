import type Koa from 'koa';
import helmet from 'koa-helmet';
import { HttpError } from '../errors';

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
 * Security headers on every response, from helmet: the CSP above, nosniff, DENY framing,
 * Referrer-Policy `same-origin` (full URL within the site, which the origin check can read, and
 * nothing to other sites), and HSTS plus upgrade-insecure-requests only in production, where the
 * site is served over HTTPS (in development they would break http://localhost).
 */
export function securityHeaders({ production }: { production: boolean }): Koa.Middleware {
  return helmet({
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
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
    if (!SAFE_METHODS.has(ctx.method) && !fromThisSite(ctx)) {
      throw new HttpError(403, 'cross_site_request', CROSS_SITE_MESSAGE);
    }
    await next();
  };
}

/**
 * This site's origin as the client sees it (X-Forwarded-Proto/-Host when the proxy setting is on).
 * Not ctx.origin: since Koa 3 that is the request's Origin header, not the site's origin.
 */
export function siteOrigin(ctx: Koa.Context): string {
  return `${ctx.protocol}://${ctx.host}`;
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
