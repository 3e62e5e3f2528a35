import { useClock } from '../lib/clock';
import { formatDate, formatDayTime, formatRelativeTime } from '../lib/format';

const SHOW = {
  date: (value: string, clock: { timeZone?: string }) => formatDate(value, clock.timeZone),
  dayTime: (value: string, clock: { timeZone?: string }) => formatDayTime(value, clock.timeZone),
  relative: (value: string, clock: { now?: Date }) => formatRelativeTime(value, clock.now),
};

/**
 * A `<time>` showing an ISO date as a date ('Jan 5, 2025'), a day and time ('Nov 22, 6:15 PM'), or the time since
 * ('3 hours ago'), by the page's clock (pwa/lib/clock.ts), so a page rendered on the server is taken
 * over by the browser without a mismatch.
 */
export function Time({ value, show }: { value: string; show: keyof typeof SHOW }) {
  const clock = useClock();
  return <time dateTime={value}>{SHOW[show](value, clock)}</time>;
}
