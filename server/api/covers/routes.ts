import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { Id } from '../../../contracts/common';
import {
  COVER_FORMATS,
  COVER_SIZES,
  coverVersion,
  hash53,
  seriesCover,
  type CoverFormat,
  type CoverSpec,
} from '../../../contracts/covers';
import { badRequest, notFound } from '../../errors';
import { RenderCache } from '../../images/cache';
import type { ImageSemaphore } from '../../images/semaphore';
import { renderCover } from '../../images/cover';
import type { SiteInfo } from '../../site';
import { canOpen, isPublished } from '../content/visibility';
import { findCoverSource, type ItemCoverKind } from './repo';

const ITEM_KINDS: Record<string, ItemCoverKind> = { article: 'article', podcast: 'podcast', resource: 'resource', show: 'show' };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const TYPES: Record<CoverFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };
const SIZES = new Set<string>(COVER_SIZES);

export interface CoverDeps {
  db: Knex;
  site: Pick<SiteInfo, 'siteName'>;
  /** Image work's turns, shared with the uploads' resizing. */
  turns?: ImageSemaphore;
  /** Most bytes of rendered covers kept in memory. */
  cacheBytes?: number;
}

/**
 * Generated covers (docs/decisions/2026-11-25-generated-covers.md):
 * `GET /covers/<article|podcast|resource|show>/<id>/<W>x<H>.<webp|jpg>?v=<version>` and
 * `GET /covers/series/<W>x<H>.<webp|jpg>` (the podcast's channel artwork).
 *
 * The ETag is the cover's version (a hash of what it shows and the renderer's version) with the
 * site name, size and format: computed from one row, without drawing, so a revalidation is a 304
 * for the price of that query. A URL whose `v` is the current version is immutable; without it, or
 * with an old one (an edited title), the answer must be revalidated. Drafts are drawn only for
 * editors and admins (privately); for anyone else they do not exist.
 */
export function coverRoutes({ db, site, turns, cacheBytes = 64 * 2 ** 20 }: CoverDeps): Router {
  const router = caseSensitiveRouter();
  const cache = new RenderCache(cacheBytes, turns);
  const siteTag = hash53(site.siteName).toString(36);

  async function send(ctx: Koa.Context, spec: CoverSpec, file: ParsedFile, isPrivate: boolean) {
    const version = coverVersion(spec);
    const key = `${version}-${siteTag}-${file.size}-${file.format}`;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', isPrivate ? 'private, no-cache' : ctx.query.v === version ? IMMUTABLE : 'public, no-cache');
    ctx.etag = `"${key}"`;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    const { bytes, hit } = await cache.get(key, () =>
      renderCover({ spec, width: file.width, height: file.height, format: file.format, siteName: site.siteName }),
    );
    ctx.set('X-Cache', hit ? 'hit' : 'miss');
    // Already compressed.
    ctx.compress = false;
    ctx.type = TYPES[file.format];
    ctx.body = bytes;
  }

  router.get('/covers/series/:file', async (ctx) => {
    await send(ctx, seriesCover(site.siteName), parseFile(ctx.params.file), false);
  });

  router.get('/covers/:kind/:id/:file', async (ctx) => {
    const kind = ITEM_KINDS[ctx.params.kind];
    if (!kind) throw notFound('No such cover');
    // Checked before the item is looked up: a bad size is the caller's mistake whatever the item.
    const file = parseFile(ctx.params.file);
    const id = Id.safeParse(ctx.params.id);
    const source = id.success ? await findCoverSource(db, kind, id.data) : undefined;
    if (!canOpen(ctx.state.user, kind === 'podcast' ? 'episode' : 'article', source)) throw notFound('No such cover');
    await send(ctx, source.spec, file, !isPublished(source));
  });

  return router;
}

interface ParsedFile {
  size: string;
  width: number;
  height: number;
  format: CoverFormat;
}

function parseFile(file: string): ParsedFile {
  const m = /^(\d{1,5})x(\d{1,5})\.([a-z]{1,5})$/.exec(file);
  const format = m?.[3] as CoverFormat | undefined;
  const size = m ? `${m[1]}x${m[2]}` : '';
  if (!m || !SIZES.has(size) || !COVER_FORMATS.includes(format!)) {
    throw badRequest(`Covers come in ${COVER_SIZES.join(', ')} as ${COVER_FORMATS.map((f) => `.${f}`).join(' or ')}`);
  }
  return { size, width: Number(m[1]), height: Number(m[2]), format: format! };
}
