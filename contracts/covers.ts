import { RESOURCE_CATEGORY_COLORS, RESOURCE_CATEGORY_NAMES, RESOURCE_TYPE_NAMES, type ResourceCategoryId, type ResourceTypeId } from './constants';

/*
 * Generated covers and uploaded images' sizes (docs/decisions/2026-11-25-cover-urls-sizes-and-caching.md): what a
 * cover shows is decided here once, for the server that draws it and for the PWA that links to it.
 * The PWA computes each cover's URL, version included, from the item it already holds, so lists and
 * stored (offline) answers need no extra field. Zod-free: the home page's first load imports it.
 */

/**
 * Bump when the drawing changes (layout, patterns, fonts, encoder settings): every cover URL
 * changes with it, so no browser or proxy keeps showing the old drawing.
 */
export const COVER_RENDER_VERSION = 3;

/**
 * Items that have covers; `series` is the podcast as a whole (the feed's channel artwork), `show`
 * one of its shows (the hub's show list).
 */
export const COVER_KINDS = ['article', 'podcast', 'resource', 'series', 'show'] as const;
export type CoverKind = (typeof COVER_KINDS)[number];

/**
 * 16:9 widths for cards and the article's hero (the srcset candidates). 480 is a desktop card's (24rem at
 * 1–1.25×), which would otherwise take the next size up, several times on the first screen.
 */
export const WIDE_COVER_WIDTHS = [480, 640, 960, 1280, 1600] as const;
/**
 * Every size the server draws, `<width>x<height>`: 16:9 for cards and heroes, 1200×630 for Open
 * Graph previews, 1400 and 3000 px squares for podcast apps (Apple asks for 1400–3000).
 */
export const COVER_SIZES = [...WIDE_COVER_WIDTHS.map((w) => `${w}x${(w * 9) / 16}`), '1200x630', '1400x1400', '3000x3000'] as const;
export const OG_COVER_SIZE = '1200x630';
export const EPISODE_FEED_COVER_SIZE = '1400x1400';
export const SERIES_FEED_COVER_SIZE = '3000x3000';

/** WebP for pages; JPEG for feeds and link previews (what podcast apps and crawlers all read). */
export const COVER_FORMATS = ['webp', 'jpg'] as const;
export type CoverFormat = (typeof COVER_FORMATS)[number];

/** What a cover shows. Everything that changes the picture is here (and so in its version). */
export interface CoverSpec {
  kind: CoverKind;
  /** The item's id ('' for the series). */
  id: string;
  title: string;
  /** The small line above the title: the source, the show and episode, the resource's type, the host. */
  label: string;
  /** The background's hue: the item's first category's colour; null for the site's own navy. */
  color: string | null;
}

interface CategoryLike {
  name: string;
  color: string;
}

/** An article: its first category's colour, its source (else that category) as the label. */
export function articleCover(a: { id: string; title: string; sourceName: string | null; categories: CategoryLike[] }): CoverSpec {
  const first = a.categories[0];
  return { kind: 'article', id: a.id, title: a.title, label: a.sourceName?.trim() || first?.name || 'News', color: first?.color ?? null };
}

/**
 * An episode: 'Audit Tech Talk · Episode 12', so episodes of different shows tell apart; an
 * episode without a show (a row written around the API) keeps 'Episode 12 · Host Name'.
 */
export function podcastCover(p: {
  id: string;
  title: string;
  episodeNumber: number | null;
  hostName: string | null;
  /** Required, so every caller decides where the show's name comes from. */
  show: { name: string } | null;
  categories: CategoryLike[];
}): CoverSpec {
  const episode = p.episodeNumber != null ? `Episode ${p.episodeNumber}` : null;
  const show = p.show?.name.trim() || null;
  const parts = show ? [show, episode] : [episode, p.hostName?.trim() || null];
  return { kind: 'podcast', id: p.id, title: p.title, label: parts.filter(Boolean).join(' · ') || 'Episode', color: p.categories[0]?.color ?? null };
}

/**
 * A show's artwork: its name, 'Hosted by …', and a colour of its own. Shows have no category, so
 * the colour is one of sixteen hues around the wheel picked by a hash of the slug (the show's
 * stable name): the same show always gets the same colour, and the three sample shows get hues a
 * quarter-turn apart (green, blue, magenta; `showColor` is tested for it).
 */
export function showCover(s: { id: string; name: string; slug: string; hostName: string | null }): CoverSpec {
  const host = s.hostName?.trim();
  return { kind: 'show', id: s.id, title: s.name, label: host ? `Hosted by ${host}` : 'Podcast', color: showColor(s.slug) };
}

const SHOW_HUES = 16;

/** `#rrggbb` at one of SHOW_HUES hues (saturation 60%, lightness 42%); the drawing darkens it for contrast. */
export function showColor(slug: string): string {
  const hue = (hash53(slug) % SHOW_HUES) * (360 / SHOW_HUES);
  const [s, l] = [0.6, 0.42];
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return `#${[0, 8, 4].map((n) => channel(n).toString(16).padStart(2, '0')).join('')}`;
}

/** A resource: 'E-Book · Taxation', in its category's colour. */
export function resourceCover(r: { id: string; title: string; type: string; category: string }): CoverSpec {
  const type = RESOURCE_TYPE_NAMES[r.type as ResourceTypeId] ?? 'Resource';
  const category = RESOURCE_CATEGORY_NAMES[r.category as ResourceCategoryId];
  return {
    kind: 'resource',
    id: r.id,
    title: r.title,
    label: category ? `${type} · ${category}` : type,
    color: RESOURCE_CATEGORY_COLORS[r.category as ResourceCategoryId] ?? null,
  };
}

/** The podcast as a whole (server only: the feed's channel artwork and the podcasts page's preview). */
export function seriesCover(siteName: string): CoverSpec {
  return { kind: 'series', id: '', title: `${siteName} Podcast`, label: 'Accounting · Audit · Corporate finance', color: null };
}

/**
 * A short hash of the spec: the `v` of its URLs and the heart of its ETag. cyrb53 (public domain,
 * by bryc): 53 well-mixed bits in a few lines that run the same in Node and the browser. It only
 * has to tell versions of one item apart, not resist anyone.
 */
export function coverVersion(spec: CoverSpec): string {
  return hash53(JSON.stringify([COVER_RENDER_VERSION, spec.kind, spec.id, spec.title, spec.label, spec.color])).toString(36);
}

export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** `/covers/<kind>/<id>/<size>.<format>?v=<version>` (the series has no id segment). */
export function coverUrl(spec: CoverSpec, size: string, format: CoverFormat): string {
  const item = spec.kind === 'series' ? '' : `/${spec.id}`;
  return `/covers/${spec.kind}${item}/${size}.${format}?v=${coverVersion(spec)}`;
}

/** The 16:9 srcset of a cover, in WebP. */
export function wideCoverSrcSet(spec: CoverSpec): string {
  return WIDE_COVER_WIDTHS.map((w) => `${coverUrl(spec, `${w}x${(w * 9) / 16}`, 'webp')} ${w}w`).join(', ');
}

// ---------------------------------------------------------------- uploaded images

/**
 * Widths an uploaded image is resized to when it is finalised (never wider than the original):
 * a card on a phone or a desktop column, the same at 2x, the article's hero at 2x.
 */
export const UPLOAD_VARIANT_WIDTHS = [480, 960, 1600] as const;
export const UPLOAD_VARIANT_FORMATS = ['webp', 'jpg'] as const;
export type UploadVariantFormat = (typeof UPLOAD_VARIANT_FORMATS)[number];

const OBJECT_PATH = /^\/objects\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** `/objects/<id>?w=<width>&fmt=<format>`: one size of an uploaded image (the nearest one made). */
export function objectVariantUrl(objectPath: string, width: number, format: UploadVariantFormat = 'webp'): string {
  return `${objectPath}?w=${width}&fmt=${format}`;
}

/** The WebP srcset of an uploaded image (`/objects/<id>`); undefined for an address elsewhere. */
export function uploadedSrcSet(imageUrl: string): string | undefined {
  if (!OBJECT_PATH.test(imageUrl)) return undefined;
  return UPLOAD_VARIANT_WIDTHS.map((w) => `${objectVariantUrl(imageUrl, w)} ${w}w`).join(', ');
}

export const isObjectPath = (url: string) => OBJECT_PATH.test(url);
