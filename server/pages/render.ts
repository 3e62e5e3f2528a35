import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type Koa from 'koa';
import { siteOrigin } from '../middleware/security';
import { SESSION_COOKIE } from '../middleware/session';
import type { ShellRenderer } from '../static';
import { escapeHtml, jsonLd } from './html';

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

export interface ServerRenderedPages {
  renderer: ShellRenderer;
  /** Forgets every kept page (called on every write, as the API's response cache is emptied). */
  invalidate(): void;
  /** Loads the renderer now rather than on the first page asked for. */
  warm(): Promise<void>;
}

export function serverRenderedPages(pwaDir: string, { maxEntries = 200, ttlMs = 60_000 }: PageCacheOptions = {}): ServerRenderedPages {
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

  /** Visitors' pages (no session cookie), by URL: the same for every visitor until a write. */
  const kept = new Map<string, { page: string; storedAt: number }>();
  let generation = 0;

  const renderer: ShellRenderer = async (ctx, shell) => {
    if (ctx.get('X-Render').toLowerCase() === 'client' || !ctx.accepts('html')) return undefined;
    const visitor = !ctx.cookies.get(SESSION_COOKIE);
    const key = ctx.url;
    const hit = visitor ? kept.get(key) : undefined;
    if (hit && Date.now() - hit.storedAt <= ttlMs && hit.page.length > 0) return fill(shell, hit.page);

    const built = await load();
    if (!built) return undefined;
    const startedAt = generation;
    const page = await renderPage(ctx, built);
    if (!page) return undefined;
    if (visitor && maxEntries > 0 && startedAt === generation) {
      kept.delete(key);
      if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
      kept.set(key, { page, storedAt: Date.now() });
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

/** The head links and body of one page, as a string with a marker between them (see fill). */
/** The loaded renderer and the client build's chunk graph. */
interface Built {
  renderer: Renderer;
  manifest: Record<string, ManifestChunk>;
  inShell: ReturnType<typeof closure>;
}

async function renderPage(ctx: Koa.Context, { renderer, manifest, inShell }: Built): Promise<string | undefined> {
  const socket = ctx.req.socket;
  const host = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : socket.localAddress;
  const self = `http://${host}:${socket.localPort}`;
  const cookie = ctx.get('Cookie');
  const loopback: typeof fetch = (input, init) =>
    fetch(new URL(String(input), self), { ...init, headers: { ...(init?.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
  let rendered;
  try {
    rendered = await renderer.render(ctx.url, { origin: siteOrigin(ctx), fetch: loopback });
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
  return [[...styles, hoisted].join('\n    '), scripts.join(' '), html, state].join(MARK);
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

const MARK = '\u0000';

/**
 * Puts a rendered page into the shell: stylesheets in the head, markup in #root, the state after it.
 * The content comes first: the shell's module script and preloads, and the screen's chunks, give way
 * to /boot.js, which requests them once the page has painted (pwa/public/boot.js).
 */
function fill(shell: string, page: string): string {
  const [styles, screenScripts, html, state] = page.split(MARK);
  const preload: string[] = [];
  let entry = '';
  const withoutScripts = shell
    .replace(/\s*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => ((entry = src), ''))
    .replace(/\s*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g, (_tag, href: string) => (preload.push(href), ''));
  if (screenScripts) preload.push(...screenScripts.split(' '));
  const boot = entry
    ? `<script src="/boot.js" defer data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload.join(' '))}"></script>`
    : '';
  return withoutScripts
    .replace('</head>', () => `    ${styles}\n    ${boot}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>\n    ${state}`);
}
