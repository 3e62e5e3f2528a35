/**
 * When a picture below the fold should start loading (docs/performance.md, "First visit on a phone").
 * Chromium's own `loading="lazy"` fetches everything within 1250 px of the screen on 4G (2500 px on
 * 3G): on a phone that is the second and third card's covers, which a visitor who reads the top
 * of the page never sees. Here a picture loads once it is on screen; after the reader's first
 * scroll, once it is within a screen of it, so scrolling on finds pictures ready.
 */
const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;
let lookingAhead = false;

function observe(): IntersectionObserver {
  const next = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const show = waiting.get(entry.target);
        waiting.delete(entry.target);
        next.unobserve(entry.target);
        show?.();
      }
    },
    { rootMargin: lookingAhead ? '100% 0px 100% 0px' : '0px' },
  );
  for (const element of waiting.keys()) next.observe(element);
  return next;
}

function lookAhead() {
  lookingAhead = true;
  observer?.disconnect();
  observer = waiting.size > 0 ? observe() : undefined;
}

/** Calls `show` once `element` is on screen (or near it, after a scroll); returns the cancel. */
export function whenNearViewport(element: Element, show: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    show();
    return () => {};
  }
  if (!lookingAhead && waiting.size === 0 && !observer) addEventListener('scroll', lookAhead, { once: true, passive: true });
  waiting.set(element, show);
  observer ??= observe();
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}
