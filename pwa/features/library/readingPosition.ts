/*
 * Where a reader is in an article: the share of the article element above the viewport's
 * bottom edge. useReadingProgress records it; ContinueReading scrolls back to it on another device.
 */

/** A step of reading worth telling the other devices about (and the least worth offering to continue from). */
export const STEP = 0.05;
/** From here an article counts as read to the end. */
export const FINISHED_AT = 0.98;

/** A measured place worth sending: past the furthest known by a step, or the end reached (finished). */
export interface PositionChange {
  position: number;
  finished?: true;
}

/**
 * Which measured places of one article to send, from the time recording starts: `known` is the
 * furthest position already known (the member's list, or sent from this page), `start` the place the
 * reader is at when recording starts. That place is not a reading: recording starts when the article
 * joins the list, and 'Save for offline' sits at the article's end, so a member who went there to
 * press it would otherwise be sent as having finished it, whenever a later scroll event (the browser
 * keeping the place while a picture above loads, say) came in before they left. So nothing is sent
 * until the reader has moved a step away from that place; from then on, each place past the furthest
 * by a step is sent, and the first one at the end marks the article finished.
 */
export function positionTracker(known: number, start: number): (position: number) => PositionChange | undefined {
  let furthest = known;
  let moved = false;
  return (position) => {
    moved ||= Math.abs(position - start) >= STEP;
    if (!moved) return undefined;
    const finished = position >= FINISHED_AT && furthest < FINISHED_AT;
    if (position < furthest + STEP && !finished) return undefined;
    furthest = position;
    return finished ? { position, finished: true } : { position };
  };
}

/** At most one position sent per this while scrolling (and the last place at once when the page is hidden or left). */
export const THROTTLE_MS = 1_500;

/**
 * One article's recording in one visit: `scrolled(place)` at each scroll, with the place read then;
 * the latest place is weighed (positionTracker) and, when worth it, sent THROTTLE_MS after the first
 * scroll of a burst, or at once by `flush()` (the page hidden, or the article left). The place is read
 * at the scroll, not when it is weighed: by the time a reader who scrolled and went straight back is
 * weighed, the article is no longer on the screen to be measured, and their place would be lost.
 */
export function positionRecorder(known: number, start: number, send: (change: PositionChange) => void): { scrolled(place: number): void; flush(): void } {
  const next = positionTracker(known, start);
  let latest: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (latest === undefined) return;
    const change = next(latest);
    latest = undefined;
    if (change) send(change);
  };
  return {
    scrolled(place) {
      latest = place;
      timer ??= setTimeout(flush, THROTTLE_MS);
    },
    flush,
  };
}

/** How far through `element` the reader has scrolled: its bottom edge against the viewport's. */
export function progressOf(element: HTMLElement): number {
  const { top, height } = element.getBoundingClientRect();
  if (height <= 0) return 0;
  return Math.min(1, Math.max(0, (window.innerHeight - top) / height));
}

/**
 * The inverse of `progressOf`: scrolls so the viewport's bottom edge is at `position` of `element`
 * (as far as the page can scroll), at once, as a bookmark opens, rather than a long smooth scroll.
 */
export function scrollToProgress(element: HTMLElement, position: number): void {
  const { top, height } = element.getBoundingClientRect();
  window.scrollTo({ top: Math.max(0, window.scrollY + top + height * position - window.innerHeight), behavior: 'instant' });
}

/**
 * The first block of `content` whose top is in view below `coveredTop` (the sticky header's bottom
 * edge): where reading goes on, for focus to land on after scrolling there.
 */
export function firstBlockInView(content: HTMLElement, coveredTop: number): HTMLElement | undefined {
  const blocks = [...content.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
  return blocks.find((block) => block.getBoundingClientRect().top >= coveredTop) ?? blocks.at(-1);
}
