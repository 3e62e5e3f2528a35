import type { Knex } from 'knex';
import { cpdYearRange, currentCpdYear, presentSettings, presentYear } from './presenter';
import { entriesInRange, findSettings, type SettingsRow } from './repo';

/** The year-end nudge starts this long before the member's CPD year ends. */
export const NEAR_YEAR_END_MS = 60 * 86_400_000;

export interface YearEndStanding {
  /** Hours still missing to the tenth, rounded up ("0.1 hours" while any minute is), when the year ends within NEAR_YEAR_END_MS; else null. */
  missingHours: number | null;
  /** The current CPD year's last day (YYYY-MM-DD). */
  yearEnd: string;
}

/**
 * Where the member stands against their target as their CPD year ends: read by `GET /api/cpd/today`
 * (the nudge in the app) and by the daily digest for members who asked for it there. Reads the year
 * only when its end is near.
 */
export async function yearEndStanding(db: Knex, userId: string, nowMs: number, settingsRow?: SettingsRow): Promise<YearEndStanding> {
  const settings = presentSettings(settingsRow ?? (await findSettings(db, userId)));
  const year = currentCpdYear(nowMs, settings.yearStartMonth);
  const range = cpdYearRange(year, settings.yearStartMonth);
  if (range.endMs - nowMs > NEAR_YEAR_END_MS) return { missingHours: null, yearEnd: range.toDay };
  const { entries, days } = await entriesInRange(db, userId, range);
  // No origin: the totals are all this reads, not the entries' links.
  const { totals } = presentYear(settings, year, entries, days, [], '');
  return { missingHours: Math.ceil((totals.missingMinutes / 60) * 10) / 10, yearEnd: range.toDay };
}

/** The digest's line for a member who opted in (not paused, hours still missing near the year end), else null. */
export async function digestStanding(db: Knex, userId: string, nowMs: number): Promise<{ missingHours: number; yearEnd: string } | null> {
  const settings = await findSettings(db, userId);
  if (!settings.digest_nudge || settings.tracking_paused) return null;
  const { missingHours, yearEnd } = await yearEndStanding(db, userId, nowMs, settings);
  return missingHours ? { missingHours, yearEnd } : null;
}
