/*
 * Where a reader is in an article (issue 22): the share of the article element above the viewport's
 * bottom edge. useReadingProgress records it; ContinueReading scrolls back to it on another device.
 */

/** A step of reading worth telling the other devices about (and the least worth offering to continue from). */
export const STEP = 0.05;
/** From here an article counts as read to the end. */
export const FINISHED_AT = 0.98;

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
