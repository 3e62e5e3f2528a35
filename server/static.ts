import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import serve from 'koa-static';
import { isServerPath } from './paths';

export const PWA_DIR = path.resolve(import.meta.dirname, '../dist/pwa');

/** Fills the shell for one page (its metadata, its server-rendered content); undefined keeps it as it was. */
export type ShellRenderer = (ctx: Koa.Context, shell: string) => Promise<string | undefined>;

/**
 * Serves the built PWA: hashed assets cached for a year, everything else revalidated, and the
 * SPA fallback (index.html) for any other GET that is not under /api, /objects or /covers, filled by
 * `renderers` in turn.
 */
export function pwaMiddleware(
  dir = PWA_DIR,
  renderers: ShellRenderer[] = [],
  { missing }: { missing?: (ctx: Koa.Context) => Promise<boolean> } = {},
): Koa.Middleware {
  const files = serve(dir, {
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexFile = path.join(dir, 'index.html');
  let indexHtml: string | undefined;
  return async (ctx, next) => {
    if (isServerPath(ctx.path)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    try {
      await files(ctx, async () => {});
    } catch (err) {
      // koa-send refuses a path that leaves the directory (`/../package.json`, `/..%2fpackage.json`:
      // 403), holds NUL or is absolute (400), or cannot be decoded (400). Nothing is there to
      // serve: a plain 404, not an error to log (left to the error handler a 403 became a 500).
      if (!isClientError(err)) throw err;
      return notFoundText(ctx);
    }
    if (ctx.body !== undefined && ctx.status !== 404) return;
    // A missing file (e.g. a chunk from an older build) is a 404, never the HTML shell: serving
    // index.html as JavaScript would fail obscurely instead of letting the client reload.
    if (path.extname(ctx.path)) return notFoundText(ctx);
    indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    if (!indexHtml) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app has not been built yet: run `npm run build`.';
      return;
    }
    if (await missing?.(ctx)) {
      // The page of something this viewer cannot see (unknown, deleted, a draft): 404, so search
      // engines drop it, with the plain shell, whose app shows its not-found screen. Never kept.
      ctx.status = 404;
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = notFoundShell(indexHtml);
      return;
    }
    let page = indexHtml;
    for (const render of renderers) page = (await render(ctx, page)) ?? page;
    ctx.status = 200;
    ctx.type = 'html';
    // A page rendered for a signed-in viewer (drafts, their name) is for their browser only.
    ctx.set('Cache-Control', ctx.state.privatePage ? 'private, no-cache' : 'no-cache');
    // A validator, so a revalidation (every visit: no-cache) costs a 304 and no body.
    ctx.etag = `W/"${createHash('sha1').update(page).digest('base64url')}"`;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = page;
  };
}

/** The shell titled as the app's not-found screen, and kept out of search indexes. */
function notFoundShell(shell: string): string {
  return shell
    .replace(/<title>([^<]*)<\/title>/, (_tag, site: string) => `<title>Page Not Found | ${site}</title>`)
    .replace('</head>', () => '  <meta name="robots" content="noindex" />\n  </head>');
}

function notFoundText(ctx: Koa.Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain';
  ctx.body = 'Not found';
}

/** An http-errors 4xx (what koa-send throws for a path it will not serve). */
function isClientError(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
