import { useSyncExternalStore } from 'react';
import { serverRequest } from './environment';

/**
 * The clock dates and times are shown by. In the browser: the reader's time zone, and now. While the
 * server renders a page, and while the browser takes that page over (hydration), both must show the
 * same text: UTC and the moment the page was rendered. React then renders again with the browser's
 * clock, so the reader sees their own time zone right after the page is live.
 */
export interface Clock {
  /** undefined: the moment of formatting. */
  now?: Date;
  /** undefined: the reader's own. */
  timeZone?: string;
}

const LOCAL: Clock = {};
let rendered: Clock = { now: new Date(0), timeZone: 'UTC' };

/** The server's rendering time, for the browser's hydration of the page (pwa/ssr-state.ts). */
export function setRenderedAt(at: number): void {
  rendered = { now: new Date(at), timeZone: 'UTC' };
}

const never = () => () => {};

export function useClock(): Clock {
  return useSyncExternalStore(never, () => LOCAL, () => serverRequest()?.clock ?? rendered);
}

/**
 * False while the server renders and while the browser takes that page over; true from then on. For
 * what only this browser knows (its storage), which the page rendered on the server cannot show.
 */
export function useLive(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
