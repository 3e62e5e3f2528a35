import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The clock dates and times are shown by. In the browser: the reader's time zone, and now. While the
 * server renders a page, and while the browser takes that page over (hydration), both must show the
 * same text: UTC and the moment the page was rendered. Once the page is live, the browser's clock
 * takes over, so the reader sees their own time zone.
 */
export interface Clock {
  /** undefined: the moment of formatting. */
  now?: Date;
  /** undefined: the reader's own. */
  timeZone?: string;
}

/** The browser's own clock. */
export const LOCAL_CLOCK: Clock = {};

/** The clock of a page rendered on the server at `at` (ms). */
export const renderedClock = (at: number): Clock => ({ now: new Date(at), timeZone: 'UTC' });

const ClockContext = createContext<Clock>(LOCAL_CLOCK);

/**
 * Provides `initial` (the rendering clock, on the server and while hydrating), then the browser's.
 * The switch is a transition: a sync update (as useSyncExternalStore makes) would re-render every
 * date on the page in one long task.
 */
export function ClockProvider({ initial, children }: { initial: Clock; children: ReactNode }) {
  const [clock, setClock] = useState(initial);
  useEffect(() => {
    startTransition(() => setClock(LOCAL_CLOCK));
  }, []);
  return <ClockContext value={clock}>{children}</ClockContext>;
}

export const useClock = (): Clock => useContext(ClockContext);

/**
 * False while the server renders and while the browser takes that page over; true from then on. For
 * what only this browser knows (its storage), which the page rendered on the server cannot show.
 */
export const useLive = (): boolean => useClock() === LOCAL_CLOCK;

/**
 * The markup the server wrote inside the element with `id`, read once while the browser takes the
 * page over (undefined on the server, on a screen rendered in the browser, or when `keep` is false):
 * a part whose code is not loaded yet keeps it as it is (`dangerouslySetInnerHTML`) instead of
 * rendering it again.
 */
export function useServerMarkup(id: string, keep = true): string | undefined {
  const live = useLive();
  const [html] = useState(() => (keep && !live && typeof document !== 'undefined' ? document.getElementById(id)?.innerHTML : undefined));
  return html;
}
