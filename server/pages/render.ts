import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type Koa from 'koa';
import { Id } from '../../contracts/common';
import { originOf, type SiteInfo } from '../site';
import type { InternalCalls } from '../middleware/proxy';
import type { ShellRenderer } from '../static';
import { escapeHtml, jsonLd } from './html';

declare module 'koa' {
  interface DefaultState {
    /** The page was rendered for a signed-in viewer: no shared cache may keep it (server/static.ts). */
    privatePage?: boolean;
  }
}

/**
 * Server rendering of the public screens (docs/performance.md, "Server rendering"): the page arrives
 * with its content, so a phone paints it before any JavaScript has run. The renderer is the PWA's own
 * code, built by `vite build` into dist/ssr (pwa/entry-server.tsx); its API calls come back to this
 * server over loopback HTTP with the visitor's cookie, through the same permissions and caches as the
 * browser's. Without that build, for a request that asks for the plain shell (`X-Render: client`),
 * or when anything fails, the shell goes out as before and the browser renders the page.
 */

/** The built renderer's interface (pwa/entry-server.tsx). */
interface Renderer {
  render(
    url: string,
    request: { origin: string; fetch: typeof fetch },
  ): Promise<{ html: string; state: unknown; modules: string[] } | undefined>;
}

/** One chunk of the client build's manifest (dist/pwa/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

export interface PageCacheOptions {
  /** Most visitor pages kept; 0 keeps none. */
  maxEntries?: number;
  /** Upper bound on a kept page's age (relative times, writes made outside this process). */
  ttlMs?: number;
}

export interface PageRenderingOptions extends PageCacheOptions {
  /** PUBLIC_URL, or each request's (validated) origin: what absolute links in the pages are built on. */
  site: Pick<SiteInfo, 'publicUrl'>;
  /**
   * Whether the request comes from a signed-in viewer: a live session of an active user, not merely
   * a session cookie (a junk or ended one gets the visitors' page). May throw when the database is away.
   */
  signedIn(ctx: Koa.Context): Promise<boolean>;
  /** Marks the renderer's loopback API calls as the server's own (server/middleware/proxy.ts). */
  internal: InternalCalls;
}

/**
 * The routes rendered on the server (pwa/router.tsx: the routes whose staticData names a module) and
 * the search parameters each one reads (its validateSearch). A page is rendered, and kept, for its
 * path and those parameters only, in one spelling: `/news?r=<random>` is `/news`, so random query
 * strings or path spellings cannot make every request a cache miss. Other paths get the plain shell
 * (the browser renders them). scripts/conventions.test.ts holds these paths to the router's.
 */
export const RENDERED_ROUTES: Array<{ path: RegExp; search: Record<string, (value: string) => string | undefined> }> = [
  { path: /^\/$/, search: {} },
  { path: /^\/news$/, search: { categories: categoryIds } },
  { path: /^\/news\/([^/]+)$/, search: {} },
  { path: /^\/podcasts$/, search: { categories: categoryIds, show: showSlug } },
  { path: /^\/podcasts\/([^/]+)$/, search: {} },
  { path: /^\/forums$/, search: {} },
  { path: /^\/forums\/([^/]+)$/, search: {} },
  { path: /^\/resources$/, search: {} },
  { path: /^\/community$/, search: {} },
  { path: /^\/(?:about|contact|privacy|terms)$/, search: {} },
  { path: /^\/members\/([^/]+)$/, search: {} },
];

/** An id exactly as the API's `Id` (and the PWA's check, zod's UUID pattern) accepts it, in lower case. */
const isId = (value: string) => value === value.toLowerCase() && Id.safeParse(value).success;

/**
 * `categories` as the PWA reads it (validateCategorySearch): ids the API accepts, lower case, unique,
 * sorted. Exactly the same rule, or ids the app drops would still make keys of their own.
 */
function categoryIds(value: string): string | undefined {
  const ids = [...new Set(value.split(',').map((part) => part.trim().toLowerCase()))].filter(isId);
  return ids.length ? ids.sort().join(',') : undefined;
}

/** `show` as the PWA reads it (pwa/features/podcasts/showFilter.ts): a well-formed slug, lower case. */
function showSlug(value: string): string | undefined {
  const slug = value.trim().toLowerCase();
  return slug.length <= 120 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : undefined;
}

/** The rendered route of `path`; an item's page only for an id in its one spelling (anything else is a 404 anyway). */
function renderedRoute(path: string): (typeof RENDERED_ROUTES)[number] | undefined {
  for (const route of RENDERED_ROUTES) {
    const match = route.path.exec(path);
    if (match) return match[1] === undefined || isId(match[1]) ? route : undefined;
  }
  return undefined;
}

/** Whether the server renders the page at `path` (the canonical-path middleware serves other spellings of it as this one). */
export const isRenderedPage = (path: string): boolean => renderedRoute(path) !== undefined;

/** The URL a request's page is rendered (and kept) for, or undefined for a path that is not rendered. */
function pageUrl(ctx: Koa.Context): string | undefined {
  const route = renderedRoute(ctx.path);
  if (!route) return undefined;
  const params: string[] = [];
  for (const [name, normalise] of Object.entries(route.search)) {
    const given = ctx.query[name];
    // A repeated parameter is not a string to the PWA's router either: it is ignored there too.
    const value = typeof given === 'string' ? normalise(given) : undefined;
    if (value !== undefined) params.push(`${name}=${encodeURIComponent(value).replace(/%2C/g, ',')}`);
  }
  return params.length ? `${ctx.path}?${params.join('&')}` : ctx.path;
}

export interface ServerRenderedPages {
  renderer: ShellRenderer;
  /** Forgets every kept page (called on every write, as the API's response cache is emptied). */
  invalidate(): void;
  /** Loads the renderer now rather than on the first page asked for. */
  warm(): Promise<void>;
}

export function serverRenderedPages(
  pwaDir: string,
  { maxEntries = 200, ttlMs = 60_000, site, signedIn, internal }: PageRenderingOptions,
): ServerRenderedPages {
  const entryFile = path.join(pwaDir, '..', 'ssr', 'entry-server.js');
  const manifestFile = path.join(pwaDir, '.vite', 'manifest.json');
  let loading: Promise<Built | undefined> | undefined;
  const load = () =>
    (loading ??= (async () => {
      if (!existsSync(entryFile) || !existsSync(manifestFile)) return undefined;
      const renderer = (await import(pathToFileURL(entryFile).href)) as Renderer;
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      // What the shell links already (the entry and its imports), worked out once.
      const inShell = closure(manifest, Object.keys(manifest).filter((key) => manifest[key].isEntry));
      return { renderer, manifest, inShell };
    })());

  /**
   * Visitors' pages, by origin and page URL: the same for every visitor of that origin until a
   * write. The origin is PUBLIC_URL or the request's host, which requireKnownHost has checked
   * against a short list, so a forged Host can neither poison a kept page nor multiply them.
   */
  const kept = new Map<string, { page: RenderedParts; storedAt: number }>();
  let generation = 0;

  const renderer: ShellRenderer = async (ctx, shell) => {
    if (ctx.get('X-Render').toLowerCase() === 'client' || !ctx.accepts('html')) return undefined;
    const url = pageUrl(ctx);
    if (!url) return undefined;
    let visitor: boolean;
    try {
      visitor = !(await signedIn(ctx));
    } catch (error) {
      console.error('Server rendering could not read the session for', ctx.path, error);
      return undefined;
    }
    if (!visitor) ctx.state.privatePage = true;
    const origin = originOf(ctx, site);
    const key = `${origin} ${url}`;
    const hit = visitor ? kept.get(key) : undefined;
    if (hit && Date.now() - hit.storedAt <= ttlMs) {
      ctx.set('X-Cache', 'hit');
      return fill(shell, hit.page);
    }

    const built = await load();
    if (!built) return undefined;
    const startedAt = generation;
    // A visitor's page is rendered as nobody's: a cookie that names no live session is not passed on.
    const page = await renderPage(ctx, built, { url, origin, internal, cookie: visitor ? undefined : ctx.get('Cookie') });
    if (!page) return undefined;
    if (visitor) {
      ctx.set('X-Cache', 'miss');
      if (maxEntries > 0 && startedAt === generation) {
        kept.delete(key);
        if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
        kept.set(key, { page, storedAt: Date.now() });
      }
    }
    return fill(shell, page);
  };

  return {
    renderer,
    invalidate() {
      generation++;
      kept.clear();
    },
    warm: async () => void (await load()),
  };
}

/**
 * The parts of one rendered page that go into the shell (see fill). Kept apart as fields, never
 * joined with a separator: user text in the markup can contain any character.
 */
interface RenderedParts {
  /** Stylesheet links and hoisted <link>/<meta> elements for the head. */
  head: string;
  /** The screen's chunks, for /boot.js to preload. */
  scripts: string[];
  /** The markup for #root. */
  html: string;
  /** The state script that follows #root. */
  state: string;
}

/** The loaded renderer and the client build's chunk graph. */
interface Built {
  renderer: Renderer;
  manifest: Record<string, ManifestChunk>;
  inShell: ReturnType<typeof closure>;
}

async function renderPage(
  ctx: Koa.Context,
  { renderer, manifest, inShell }: Built,
  { url, origin, internal, cookie }: { url: string; origin: string; internal: InternalCalls; cookie?: string },
): Promise<RenderedParts | undefined> {
  const loopback = loopbackFetch(ctx, internal, cookie);
  let rendered;
  try {
    rendered = await renderer.render(url, { origin, fetch: loopback });
  } catch (error) {
    console.error('Server rendering failed for', ctx.path, error);
    return undefined;
  }
  if (!rendered) return undefined;

  // The screens' chunks and stylesheets, less what the shell links already (the entry and its imports).
  const needed = closure(manifest, rendered.modules);
  const styles = [...needed.css].filter((file) => !inShell.css.has(file)).map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}" />`);
  const scripts = [...needed.js].filter((file) => !inShell.js.has(file)).map((file) => `/${file}`);
  // Scripts the router renders for itself on the server (scroll restoration) are inline, which the
  // content security policy refuses; the browser's own render does that work.
  let html = rendered.html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  // React writes a screen's <link> and <meta> elements (feeds, image preloads) first, having no head
  // of its own here: they belong in the head, where the browser's React also looks for them.
  const hoisted = /^(?:<(?:link|meta)\b[^>]*>)*/.exec(html)![0];
  html = html.slice(hoisted.length);
  const state = `<script type="application/json" id="ssr-state">${jsonLd(rendered.state)}</script>`;
  return { head: [...styles, hoisted].join('\n    '), scripts, html, state };
}

/**
 * `fetch` for this server's own API, on behalf of `ctx`: over loopback to the socket the request came
 * in on, as the server's own call (secure, the visitor's address and host), with `cookie` if given.
 */
export function loopbackFetch(ctx: Koa.Context, internal: InternalCalls, cookie?: string): typeof fetch {
  const socket = ctx.req.socket;
  const host = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
  const self = `http://${host}:${socket.localPort}`;
  const headers = { ...internal.headersFor(ctx), ...(cookie ? { cookie } : {}) };
  return (input, init) => fetch(new URL(String(input), self), { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } });
}

/** The files of `keys` and of everything they import, from the build's manifest. */
function closure(manifest: Record<string, ManifestChunk>, keys: string[]) {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { css, js };
}

/**
 * Puts a rendered page into the shell: stylesheets in the head, markup in #root, the state after it.
 * The content comes first: the shell's module script and preloads, and the screen's chunks, give way
 * to /boot.js, which requests them once the page has painted (pwa/public/boot.js).
 */
function fill(shell: string, { head, scripts: screenScripts, html, state }: RenderedParts): string {
  const preload: string[] = [];
  let entry = '';
  const withoutScripts = shell
    .replace(/\s*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => ((entry = src), ''))
    .replace(/\s*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g, (_tag, href: string) => (preload.push(href), ''));
  preload.push(...screenScripts);
  const boot = entry
    ? `<script src="/boot.js" defer data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload.join(' '))}"></script>`
    : '';
  return withoutScripts
    .replace('</head>', () => `    ${head}\n    ${boot}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>\n    ${state}`);
}
