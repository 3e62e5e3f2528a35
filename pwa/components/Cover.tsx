import { useEffect, useRef, useState } from 'react';
import { articleCover, podcastCover, type CoverSpec } from '../../contracts/covers';
import { coverSources } from './coverSources';
import { whenNearViewport } from './nearViewport';

export const ARTICLE_PLACEHOLDER = '/images/article-placeholder.svg';
export const PODCAST_PLACEHOLDER = '/images/podcast-placeholder.svg';

/**
 * A full-width picture on a phone, as `sizes` says it to a dense screen: no more than about 2 image
 * pixels per CSS pixel. A 412 px phone at 2.625× would otherwise take the 1280 px candidate (1081
 * px asked for) where the 960 px one looks the same at arm's length and weighs far less (docs/
 * performance.md, "First visit on a phone"). The browser multiplies these widths by its density.
 */
const PHONE_AT_MOST_2X = [
  '(max-width: 639px) and (min-resolution: 2.9dppx) 67vw',
  '(max-width: 639px) and (min-resolution: 2.5dppx) 76vw',
  '(max-width: 639px) and (min-resolution: 2.2dppx) 90vw',
].join(', ');

/** How wide a card's picture is laid out (the `.card-grid` columns; 100% on phones). */
export const CARD_IMAGE_SIZES = `(min-width: 1024px) 24rem, (min-width: 640px) 50vw, ${PHONE_AT_MOST_2X}, 100vw`;

/** The featured episode's picture on the podcast hub (half the row from 768 px). */
export const FEATURED_IMAGE_SIZES = `(min-width: 1024px) 32rem, (min-width: 768px) 45vw, ${PHONE_AT_MOST_2X}, 100vw`;

/** An article's or episode's picture at the top of its page (the text column; 100% on phones). */
export const PAGE_IMAGE_SIZES = `(min-width: 52rem) 48rem, ${PHONE_AT_MOST_2X}, 100vw`;

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
  /**
   * What the page's largest paint waits for (the first card of a list): loaded at once, before other
   * images, and named in the server's page. Any other picture gets its address once it is near the
   * screen (pwa/components/nearViewport.ts); without JavaScript, from the `<noscript>` copy.
   */
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
  // Not near the screen yet: rendered without an address (the same on the server and at hydration).
  const [near, setNear] = useState(Boolean(priority));
  useEffect(() => {
    const el = img.current;
    if (near || !el) return;
    return whenNearViewport(el, () => setNear(true));
  }, [near]);

  // In a page rendered on the server the image may have failed before React was listening:
  // checked once for each source shown. `complete` with no pixels is not proof (under load, an
  // image can still load after it): decode() rejects only for an image that cannot be shown.
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
  // Not near yet: the same element without an address (it gets one in place, no new node), and
  // the real one in <noscript> for a browser without JavaScript (styles hide the empty one there).
  return (
    <>
      <img
        ref={img}
        // React sets attributes in order: srcset and sizes before src, so the browser never fetches `src` first.
        srcSet={near ? source.srcSet : undefined}
        sizes={near && source.srcSet ? sizes : undefined}
        src={near ? source.src : undefined}
        alt={alt}
        width={640}
        height={360}
        className={className}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        data-deferred={near ? undefined : ''}
        onError={fail}
      />
      {near ? null : (
        <noscript>
          <img srcSet={source.srcSet} sizes={source.srcSet ? sizes : undefined} src={source.src} alt={alt} width={640} height={360} className={className} loading="lazy" decoding="async" />
        </noscript>
      )}
    </>
  );
}

/** Where an article's or episode's picture stands: a card in a grid, the featured card, or the top of its page. */
export type CoverPlace = 'card' | 'featured' | 'page';
const PLACES: Record<CoverPlace, { className: string; sizes: string }> = {
  card: { className: 'card__media', sizes: CARD_IMAGE_SIZES },
  featured: { className: 'card__media', sizes: FEATURED_IMAGE_SIZES },
  page: { className: 'article__image', sizes: PAGE_IMAGE_SIZES },
};

/** An article's picture, with the article placeholder as its last resort. */
export function ArticleCover({ article, at, priority }: { article: Parameters<typeof articleCover>[0] & { imageUrl: string | null }; at: CoverPlace; priority?: boolean }) {
  return <Cover {...PLACES[at]} image={article.imageUrl} cover={articleCover(article)} placeholder={ARTICLE_PLACEHOLDER} priority={priority} />;
}

/** An episode's picture, with the podcast placeholder as its last resort. */
export function EpisodeCover({ episode, at, priority }: { episode: Parameters<typeof podcastCover>[0] & { imageUrl: string | null }; at: CoverPlace; priority?: boolean }) {
  return <Cover {...PLACES[at]} image={episode.imageUrl} cover={podcastCover(episode)} placeholder={PODCAST_PLACEHOLDER} priority={priority} />;
}
