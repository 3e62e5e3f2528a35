
/** Display helpers shared by screens (spec section 9 and the name rules of section 2). */

const MINUTE_MS = 60_000;

const COUNT = new Intl.NumberFormat('en-US');
/** A count as every screen shows it: '1,219' (points, plays, downloads, statistics). */
export const formatCount = (n: number): string => COUNT.format(n);

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * Time since `date`: minutes under 60, hours under 1440 minutes, otherwise days (spec 9).
 * Under a minute (or a clock slightly ahead) reads 'just now'.
 */
export function formatRelativeTime(date: string | Date, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(date).getTime()) / MINUTE_MS);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes < 1440) return plural(Math.floor(minutes / 60), 'hour');
  return plural(Math.floor(minutes / 1440), 'day');
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: 'numeric', minute: '2-digit' };
const DAY_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per style and time zone (undefined: the reader's); building one is slow. */
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${options === DATE ? 'date' : options === DATE_TIME ? 'dateTime' : 'dayTime'} ${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })));
  return format;
}

/** 'Jan 5, 2025'; empty for a missing or invalid date. */
export function formatDate(date: string | Date | null | undefined, timeZone?: string): string {
  if (!date) return '';
  const value = new Date(date);
  return Number.isNaN(value.getTime()) ? '' : formatter(DATE, timeZone).format(value);
}

/** 'Jan 5, 2025, 3:07 PM': formatDate's style with the time of day (when saved content was fetched). */
export function formatDateTime(date: string | number | Date, timeZone?: string): string {
  return formatter(DATE_TIME, timeZone).format(new Date(date));
}

/** 'Nov 22, 6:15 PM': without the year (written and posted times of a synced comment). */
export function formatDayTime(date: string | number | Date, timeZone?: string): string {
  return formatter(DAY_TIME, timeZone).format(new Date(date));
}

/**
 * An episode duration as H:MM:SS, or M:SS under an hour (the form the episode form's hint uses:
 * "MM:SS or HH:MM:SS"). The API sends seconds, read from the audio file when there is one; null
 * (unknown) shows `fallbackMinutes` (spec: 45 on the featured card, 30 on cards).
 */
export function formatDuration(seconds: number | null | undefined, fallbackMinutes = 30): string {
  return formatClock(seconds == null || !Number.isFinite(seconds) || seconds < 0 ? fallbackMinutes * 60 : Math.round(seconds));
}

/** A position or length as a clock: M:SS under an hour, else H:MM:SS (whole seconds, never negative). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** 'First Last', else the email, else `fallback`. */
export function fullName(person: PersonName | null | undefined, fallback = 'Unknown User'): string {
  const name = [person?.firstName, person?.lastName].filter((part) => part?.trim()).join(' ');
  return name || person?.email || fallback;
}

/** Initials of first and last name, else the first two letters of the email, else '??' (spec 2). */
export function initials(person: PersonName | null | undefined): string {
  const first = person?.firstName?.trim()?.[0] ?? '';
  const last = person?.lastName?.trim()?.[0] ?? '';
  if (first || last) return `${first}${last}`.toUpperCase();
  const email = person?.email?.trim();
  if (email) return email.slice(0, 2).toUpperCase();
  return '??';
}
