import { useEffect, useRef, useState } from 'react';
import type { CoverSpec } from '../../contracts/covers';
import { coverSources } from './coverSources';

export const ARTICLE_PLACEHOLDER = '/images/article-placeholder.svg';
export const PODCAST_PLACEHOLDER = '/images/podcast-placeholder.svg';

/** How wide a card's picture is laid out (the `.card-grid` columns; 100% on phones). */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw';

export interface CoverProps {
  /** The item's uploaded (or linked) image, if it has one. */
  image: string | null | undefined;
  /** What its generated cover shows (`articleCover`, `podcastCover`, `resourceCover` of contracts/covers.ts). */
  cover: CoverSpec;
  /** The `sizes` of the srcset: how wide the picture is laid out. */
  sizes: string;
  /** The last resort when nothing loads: a local placeholder (precached), or null to show nothing. */
  placeholder: string | null;
  className?: string;
  /** '' for a picture that only decorates (a card's title says what it is). */
  alt?: string;
  /** What the page's largest paint waits for (the first card of a list): loaded at once, before other images. */
  priority?: boolean;
}

/**
 * An item's picture (docs/decisions/2026-11-25-generated-covers.md): its uploaded
 * image or else its generated cover, as an `<img srcset sizes>` in WebP so the browser fetches the
 * size its layout and screen need. Intrinsic 16:9 width and height reserve the box before it loads
 * (no layout shift). When a source fails (offline and not kept, deleted, another site down) the next
 * one is shown, and finally the placeholder or nothing.
 */
export function Cover({ image, cover, sizes, placeholder, className, alt = '', priority }: CoverProps) {
  const sources = coverSources(image, cover, placeholder);
  const chain = sources.map((s) => s.src).join(' ');
  // How many sources have failed, for this chain of sources (a new item starts again).
  const [failed, setFailed] = useState({ chain, count: 0 });
  const count = failed.chain === chain ? failed.count : 0;
  const source = sources[count];
  const img = useRef<HTMLImageElement>(null);
  const fail = () => setFailed({ chain, count: count + 1 });

  // In a page rendered on the server the image may have failed before React was listening:
  // checked once for each source shown. `complete` with no pixels is not proof (it was seen on an
  // image that then loaded, under load): decode() rejects only for an image that cannot be shown.
  useEffect(() => {
    const el = img.current;
    if (!el?.complete || el.naturalWidth !== 0 || !el.getAttribute('src')) return;
    let current = true;
    el.decode().catch(() => {
      if (current && el.isConnected && el.naturalWidth === 0) fail();
    });
    return () => {
      current = false;
    };
  }, [chain, count]);

  if (!source) return null;
  return (
    <img
      ref={img}
      // React sets attributes in order: srcset and sizes before src, so the browser never fetches `src` first.
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      src={source.src}
      alt={alt}
      width={640}
      height={360}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={fail}
    />
  );
}
