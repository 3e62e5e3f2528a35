import { coverUrl, objectVariantUrl, uploadedSrcSet, wideCoverSrcSet, type CoverSpec } from '../../contracts/covers';

/** One way to show an item's picture: a `src` and, for the sized ones, a `srcset`. */
export interface ImageSource {
  src: string;
  srcSet?: string;
}

/**
 * What `<Cover>` tries, in order: the uploaded image (its WebP sizes when it is an upload of this
 * site, else the address as it is), then the generated cover (its 16:9 WebP sizes), then the local
 * placeholder, if any. A source that fails to load (offline, deleted, another site down) gives way
 * to the next.
 */
export function coverSources(image: string | null | undefined, cover: CoverSpec, placeholder?: string | null): ImageSource[] {
  const sources: ImageSource[] = [];
  const uploaded = image?.trim();
  if (uploaded) {
    const srcSet = uploadedSrcSet(uploaded);
    sources.push(srcSet ? { src: objectVariantUrl(uploaded, 960), srcSet } : { src: uploaded });
  }
  sources.push({ src: coverUrl(cover, '960x540', 'webp'), srcSet: wideCoverSrcSet(cover) });
  if (placeholder) sources.push({ src: placeholder });
  return sources;
}

/**
 * Every address the browser may fetch for the first of these sources it can keep (a same-origin
 * one): what a saved article keeps for offline reading (pwa/offline/store.ts), whichever size the
 * screen's width and pixel density make it pick.
 */
export function keptImageUrls(sources: ImageSource[], origin: string): string[] {
  const same = sources.find((s) => new URL(s.src, origin).origin === origin);
  if (!same) return [];
  const candidates = same.srcSet ? same.srcSet.split(', ').map((entry) => entry.slice(0, entry.lastIndexOf(' '))) : [];
  return [...new Set([same.src, ...candidates])];
}
