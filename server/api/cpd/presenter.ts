import {
  CPD_BODY_RULES,
  type CpdBody,
  type CpdEntry,
  type CpdEntryType,
  type CpdRevision,
  type CpdSettings,
  type CpdVerification,
  type CpdYear,
} from '../../../contracts/cpd';
import { fromJson, toBool, toIso } from '../../db/dialect';
import type { DayRow, EntryRow, RevisionRow, SettingsRow } from './repo';
import { topicsOf } from './repo';

/** Topics of an entry that has none (an activity the member added): named in the chart by topic. */
export const NO_TOPIC = 'Other';

export function presentSettings(row: SettingsRow): CpdSettings {
  const body = row.body as CpdBody;
  const rules = CPD_BODY_RULES[body];
  return {
    body,
    yearStartMonth: Number(row.year_start_month),
    trackingPaused: toBool(row.tracking_paused),
    digestNudge: toBool(row.digest_nudge),
    targetHours: body === 'other' && row.target_hours !== null ? Number(row.target_hours) : rules.targetHours,
    verifiableHours: rules.verifiableHours,
  };
}

/** What counted of an entry, over the days asked for. */
export interface EntryTime {
  minutes: number;
  firstDate: string;
  lastDate: string;
}

/** Seconds → whole minutes, to the nearest: 90 s is 2 minutes, 89 s is 1. */
export const minutesOf = (seconds: number) => Math.round(seconds / 60);

/** An entry's minutes and dates from its counted days, or its own (an activity the member added). */
export function entryTime(row: EntryRow, days: DayRow[]): EntryTime {
  if (row.type === 'external') {
    const date = row.activity_date ?? toIso(row.created_at)!.slice(0, 10);
    return { minutes: Number(row.external_minutes ?? 0), firstDate: date, lastDate: date };
  }
  const sorted = days.map((d) => String(d.day)).sort();
  const seconds = days.reduce((n, d) => n + Number(d.seconds), 0);
  const created = toIso(row.created_at)!.slice(0, 10);
  return { minutes: minutesOf(seconds), firstDate: sorted[0] ?? created, lastDate: sorted[sorted.length - 1] ?? created };
}

const filled = (v: string | null) => Boolean(v && v.trim());

/**
 * ACCA's rule (docs/cpd.md): evidence — time the site measured, or a certificate (the minutes of an
 * activity the member added are their own word) — and all three reflection answers.
 */
export function isVerifiableReady(row: EntryRow, minutes: number): boolean {
  const measured = row.type !== 'external' && minutes > 0;
  return (measured || Boolean(row.certificate_object_id)) && filled(row.development_need) && filled(row.learning) && filled(row.application);
}

export const certificateUrl = (row: Pick<EntryRow, 'certificate_object_id'>) => (row.certificate_object_id ? `/objects/${row.certificate_object_id}` : null);

export const verificationUrl = (origin: string, code: string) => `${origin}/verify/${code}`;

export function presentEntry(row: EntryRow, time: EntryTime, origin: string): CpdEntry {
  return {
    id: row.id,
    type: row.type as CpdEntryType,
    itemId: row.item_id,
    title: row.title,
    provider: row.provider,
    firstDate: time.firstDate,
    lastDate: time.lastDate,
    minutes: time.minutes,
    syncedLater: toBool(row.synced_later),
    objectives: row.objectives,
    developmentNeed: row.development_need,
    learning: row.learning,
    application: row.application,
    certificateUrl: certificateUrl(row),
    verifiableReady: isVerifiableReady(row, time.minutes),
    verificationCode: row.verification_code,
    verificationUrl: verificationUrl(origin, row.verification_code),
    topics: topicsOf(row),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

export function presentRevision(row: RevisionRow): CpdRevision {
  return { id: row.id, changedAt: toIso(row.changed_at)!, before: fromJson(row.before, {}), after: fromJson(row.after, {}) };
}

/** The member's name as their record shows it. */
export function memberName(row: { first_name: string | null; last_name: string | null }): string {
  return [row.first_name, row.last_name].filter((s) => s && s.trim()).join(' ') || 'A member';
}

/** What an auditor sees: the member's name and the entry's facts, nothing else about the member. */
export function presentVerification(row: EntryRow & { first_name: string | null; last_name: string | null }, time: EntryTime): CpdVerification {
  return {
    memberName: memberName(row),
    title: row.title,
    provider: row.provider,
    type: row.type as CpdEntryType,
    firstDate: time.firstDate,
    lastDate: time.lastDate,
    minutes: time.minutes,
    syncedLater: toBool(row.synced_later),
    verifiableReady: isVerifiableReady(row, time.minutes),
  };
}

// ---------------------------------------------------------------- the CPD year

/** The calendar year the member's current CPD year starts in, on `nowMs`. */
export function currentCpdYear(nowMs: number, startMonth: number): number {
  const d = new Date(nowMs);
  return d.getUTCMonth() + 1 >= startMonth ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The CPD year starting in `year`: its instants (end excluded), first and last day, and its months. */
export function cpdYearRange(year: number, startMonth: number) {
  const start = Date.UTC(year, startMonth - 1, 1);
  const end = Date.UTC(year + 1, startMonth - 1, 1);
  const months: string[] = [];
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(year, startMonth - 1 + i, 1));
    months.push(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`);
  }
  return {
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
    fromDay: new Date(start).toISOString().slice(0, 10),
    toDay: new Date(end - 86_400_000).toISOString().slice(0, 10),
    endMs: end,
    months,
  };
}

/** The CPD year (by its start's calendar year) a day falls in. */
export function cpdYearOfDay(day: string, startMonth: number): number {
  const [y, m] = day.split('-').map(Number);
  return m >= startMonth ? y : y - 1;
}

/**
 * The year view from the entries and their counted days (repo.entriesInRange): entries newest
 * first, totals, every month of the year, the topics by minutes.
 */
export function presentYear(
  settings: CpdSettings,
  year: number,
  rows: EntryRow[],
  days: DayRow[],
  ledgerDays: string[],
  origin: string,
): CpdYear {
  const range = cpdYearRange(year, settings.yearStartMonth);
  const daysOf = new Map<string, DayRow[]>();
  for (const d of days) {
    const list = daysOf.get(d.entry_id) ?? [];
    list.push(d);
    daysOf.set(d.entry_id, list);
  }
  const byMonth = new Map(range.months.map((m) => [m, { month: m, seconds: 0, verifiableSeconds: 0, minutes: 0, verifiableMinutes: 0 }]));
  const byTopic = new Map<string, number>();
  let minutes = 0;
  let verifiableMinutes = 0;
  const entries = rows.map((row) => {
    const entryDays = daysOf.get(row.id) ?? [];
    const entry = presentEntry(row, entryTime(row, entryDays), origin);
    minutes += entry.minutes;
    if (entry.verifiableReady) verifiableMinutes += entry.minutes;
    if (row.type === 'external') {
      const month = byMonth.get(entry.firstDate.slice(0, 7));
      if (month) {
        month.seconds += entry.minutes * 60;
        if (entry.verifiableReady) month.verifiableSeconds += entry.minutes * 60;
      }
    } else {
      for (const d of entryDays) {
        const month = byMonth.get(String(d.day).slice(0, 7));
        if (!month) continue;
        month.seconds += Number(d.seconds);
        if (entry.verifiableReady) month.verifiableSeconds += Number(d.seconds);
      }
    }
    const topics = entry.topics.length ? entry.topics.map((t) => t.name) : [NO_TOPIC];
    // An entry counts in full under each of its topics (the chart answers "how much on this topic").
    for (const topic of topics) byTopic.set(topic, (byTopic.get(topic) ?? 0) + entry.minutes);
    return entry;
  });
  const targetMinutes = Math.round(settings.targetHours * 60);
  const years = new Set(ledgerDays.map((d) => cpdYearOfDay(d, settings.yearStartMonth)));
  years.add(year);
  return {
    settings,
    year,
    from: range.fromDay,
    to: range.toDay,
    totals: { minutes, verifiableMinutes, nonVerifiableMinutes: minutes - verifiableMinutes, targetMinutes, missingMinutes: Math.max(0, targetMinutes - minutes) },
    byMonth: [...byMonth.values()].map((m) => ({ month: m.month, minutes: minutesOf(m.seconds), verifiableMinutes: minutesOf(m.verifiableSeconds) })),
    byTopic: [...byTopic.entries()].map(([topic, m]) => ({ topic, minutes: m })).sort((a, b) => b.minutes - a.minutes || a.topic.localeCompare(b.topic)),
    entries,
    years: [...years].sort((a, b) => b - a),
  };
}

/** CPE credits: one per 50 minutes, rounded down to a fifth (NASBA's self-study increments). */
export const cpeCredits = (minutes: number) => Math.floor((minutes / 50) * 5) / 5;
/** Hours (and ACCA units: 1 unit = 1 hour), to two decimals. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
