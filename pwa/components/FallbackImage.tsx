import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

export const ARTICLE_PLACEHOLDER = '/images/article-placeholder.svg';
export const PODCAST_PLACEHOLDER = '/images/podcast-placeholder.svg';

export interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  /** Shown when `src` is missing or fails to load. */
  fallback: string;
  /** Required: '' for a decorative image. */
  alt: string;
  /** What the page's largest paint waits for (the first card of a list): loaded at once, before other images. */
  priority?: boolean;
}

/** An image that falls back to a local placeholder when it has no address or fails to load. */
export function FallbackImage({ src, fallback, alt, priority, ...rest }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src && src !== failedSrc ? src : fallback;
  const image = useRef<HTMLImageElement>(null);
  // In a page rendered on the server the image may have failed before React was listening.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0 && shown !== fallback) setFailedSrc(shown);
  }, [shown, fallback]);
  return (
    <img
      ref={image}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      {...rest}
      src={shown}
      alt={alt}
      onError={() => {
        if (shown !== fallback) setFailedSrc(shown);
      }}
    />
  );
}
