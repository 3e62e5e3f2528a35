import { CPD_BODY_RULES, type CpdBody, type CpdEntry, type CpdEntryType, type CpdRevision } from '../../../contracts/cpd';

/* The ledger's pure rules: what the year view says, worked out from the server's answer. */

/** "2 h 5 min", "45 min", "0 min": how the ledger says an amount of time. */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Hours with at most one decimal: 12, 12.5 (what a target or a shortfall is counted in). */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1);
}

/** How far the year is toward its target, 0 to 100 (a year without a target counts as done). */
export function progressPercent(minutes: number, targetMinutes: number): number {
  if (targetMinutes <= 0) return 100;
  return Math.min(100, Math.round((minutes / targetMinutes) * 100));
}

export const BODY_OPTIONS = (Object.keys(CPD_BODY_RULES) as CpdBody[]).map((id) => ({ id, label: CPD_BODY_RULES[id].label }));

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export const MONTH_OPTIONS = MONTHS.map((label, index) => ({ id: String(index + 1), label }));

/** "2026-11" → "Nov 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1]?.slice(0, 3) ?? number} ${year}`;
}

/**
 * The years the picker offers: those with entries, the one shown, and the current one, newest first,
 * each named by its span when the CPD year does not start in January ("2026–27").
 */
export function yearOptions(years: number[], shown: number, current: number, startMonth: number): Array<{ id: string; label: string }> {
  const all = [...new Set([...years, shown, current])].sort((a, b) => b - a);
  return all.map((year) => ({ id: String(year), label: yearLabel(year, startMonth) }));
}

export function yearLabel(year: number, startMonth: number): string {
  return startMonth === 1 ? String(year) : `${year}–${String(year + 1).slice(2)}`;
}

export const TYPE_LABELS: Record<CpdEntryType, string> = {
  article: 'Article',
  episode: 'Episode',
  discussion: 'Discussion',
  external: 'Your activity',
};

const GROUP_TITLES: Record<CpdEntryType, string> = {
  article: 'Articles',
  episode: 'Episodes',
  discussion: 'Discussions',
  external: 'Your own activities',
};

const GROUP_ORDER: CpdEntryType[] = ['article', 'episode', 'discussion', 'external'];

/** The entries by kind of item, each group newest first (by its last day), empty groups left out. */
export function groupEntries(entries: CpdEntry[]): Array<{ type: CpdEntryType; title: string; entries: CpdEntry[]; minutes: number }> {
  return GROUP_ORDER.map((type) => {
    const inGroup = entries.filter((entry) => entry.type === type).sort((a, b) => b.lastDate.localeCompare(a.lastDate) || a.title.localeCompare(b.title));
    return { type, title: GROUP_TITLES[type], entries: inGroup, minutes: inGroup.reduce((sum, entry) => sum + entry.minutes, 0) };
  }).filter((group) => group.entries.length > 0);
}

/** Where an entry's title links: the item's own page, or nowhere for an activity elsewhere. */
export function itemLink(entry: Pick<CpdEntry, 'type' | 'itemId'>): { to: '/news/$id' | '/podcasts/$id' | '/forums/$id'; id: string } | null {
  if (!entry.itemId) return null;
  if (entry.type === 'article') return { to: '/news/$id', id: entry.itemId };
  if (entry.type === 'episode') return { to: '/podcasts/$id', id: entry.itemId };
  if (entry.type === 'discussion') return { to: '/forums/$id', id: entry.itemId };
  return null;
}

/** "12 Mar 2026" or "12 Mar – 3 Apr 2026": an entry's days. */
export function dateSpan(first: string, last: string): string {
  const format = (day: string, withYear: boolean) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: withYear ? 'numeric' : undefined, timeZone: 'UTC' });
  if (first === last) return format(first, true);
  return `${format(first, first.slice(0, 4) !== last.slice(0, 4))} – ${format(last, true)}`;
}

/** A long date ("31 October 2027") for the nudge and the year's span. */
export function longDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const FIELD_LABELS: Record<keyof CpdRevision['before'], string> = {
  title: 'Title',
  provider: 'Provider',
  date: 'Date',
  minutes: 'Minutes',
  developmentNeed: 'Development need',
  learning: 'What I learned',
  application: 'How I will apply it',
  certificateUrl: 'Certificate',
};

/** One line per field a revision changed: what it said before and after ("(empty)" for nothing). */
export function revisionChanges(revision: CpdRevision): Array<{ field: string; before: string; after: string }> {
  const fields = [...new Set([...Object.keys(revision.before), ...Object.keys(revision.after)])] as Array<keyof CpdRevision['before']>;
  const say = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '(empty)' : String(value));
  return fields.map((field) => ({ field: FIELD_LABELS[field] ?? field, before: say(revision.before[field]), after: say(revision.after[field]) }));
}

export { objectiveLines } from '../../lib/objectives';

/** The upload id of an uploaded object's path (`/objects/<id>`), as the ledger's certificate field takes it. */
export function uploadIdOf(objectPath: string | null): string | null {
  if (!objectPath) return null;
  const match = /\/objects\/([^/?#]+)/.exec(objectPath);
  return match ? match[1] : null;
}

/** Today's date (YYYY-MM-DD, UTC, the member's days as the ledger counts them). */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);
