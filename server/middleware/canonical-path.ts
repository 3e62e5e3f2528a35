import Router from '@koa/router';
import type Koa from 'koa';
import { notFound } from '../errors';
import { isServerPath } from '../paths';

/*
 * One spelling of every path, decided once, before any middleware that reads the path (session,
 * database gate, guards, caches, routers). docs/security.md §16 and
 * docs/decisions/2026-12-03-one-spelling-of-a-path.md say why the server's own paths refuse other
 * spellings instead of normalising them.
 */

/**
 * A router whose routes match their path in its own case only. @koa/router ignores case by default
 * (`/API/x` matches `/api/x`), while a router's prefix middleware and every prefix check outside the
 * routers (session, database gate, response cache, two-step sign-in) are exact: a route reachable
 * in another case is reachable past them. Every router is made here. Trailing slashes are refused
 * by `canonicalPath` instead of `strict: true`, which would make a prefixed router's `/` route
 * answer only with a slash (`POST /api/reports/`).
 */
export function caseSensitiveRouter(prefix?: string): Router {
  return new Router({ ...(prefix ? { prefix } : {}), sensitive: true });
}

/** Percent-encodings of characters that have one spelling only: unreserved ones (RFC 3986 §2.3), separators, `%` and controls. */
const NEEDLESS_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e|25|[01][0-9a-f]|7f)/i;
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;

/**
 * Whether `path` is written the one way a route is: no empty, `.` or `..` segment, no trailing slash,
 * no `;` parameters or backslashes, no percent-encoding of a character that needs none (letters,
 * digits, `-._~`, `/`, `\`, `%`) and none malformed.
 */
export function isCanonicalSpelling(path: string): boolean {
  if (!path.startsWith('/')) return false;
  if (path === '/') return true;
  if (path.endsWith('/') || path.includes(';') || path.includes('\\')) return false;
  if (NEEDLESS_ESCAPE.test(path) || MALFORMED_ESCAPE.test(path)) return false;
  return path
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * What a lenient reader (a proxy, a cache, a framework that decodes and resolves) could make of
 * `path`: percent-decoded (twice-encoded too), backslashes as slashes, `;` parameters dropped, empty
 * and dot segments resolved, lower case. Used only to recognise the server's own paths in any
 * spelling; nothing is served under this spelling.
 */
export function lenientSpelling(path: string): string {
  let decoded = path;
  for (let i = 0; i < 3; i++) {
    const next = decoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  const segments: string[] = [];
  for (const raw of decoded.replace(/\\/g, '/').toLowerCase().split('/')) {
    const segment = raw.replace(/;.*$/, '');
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** A `.` or `..` segment, percent-encoded or not. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/** A page's path in lower case, without doubled or trailing slashes. */
function pageSpelling(path: string): string {
  return path.toLowerCase().replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
}

export interface CanonicalPathOptions {
  /** Whether the server itself does something with this page (renders it, describes it, knows it is missing). */
  isServerPage?: (path: string) => boolean;
}

/**
 * The server's own paths (the API, uploaded objects, covers) in any spelling but the canonical one
 * answer 404, as an unknown path does; so does any path with a dot segment. A page the server itself handles is read case-insensitively
 * (spec: path matching is case-insensitive): `/NEWS` and `/News/` are served as `/news`. Other pages
 * keep their spelling; the browser's router matches them case-insensitively, and tokens in them
 * (`/invite/<token>`) keep their case.
 */
export function canonicalPath({ isServerPage = () => false }: CanonicalPathOptions = {}): Koa.Middleware {
  return async (ctx, next) => {
    const path = ctx.path;
    // Browsers resolve `.` and `..` before sending: a path that still holds one was made by hand.
    if (DOT_SEGMENT.test(path)) throw notFound();
    // Either spelling may name a server path: `/api/x/..%2F..%2Fusers` resolves out of the API for a
    // lenient reader, yet the routers still see an /api/ path.
    if (isServerPath(path) || isServerPath(lenientSpelling(path))) {
      if (!isServerPath(path) || !isCanonicalSpelling(path)) throw notFound();
    } else {
      const page = pageSpelling(path);
      if (page !== path && isServerPage(page)) ctx.path = page;
    }
    await next();
  };
}
