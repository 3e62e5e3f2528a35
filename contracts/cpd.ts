import { z } from './zod';
import { ClientId, Id, optionalText, safeText, singleLineText } from './common';
import { DeviceTime } from './listening';

/**
 * The CPD ledger (docs/cpd.md): time a member spent reading and listening, measured on their device,
 * sent through the outbox as time records, re-checked by the server and kept as entries (one per
 * member and item) with a reflection, a verification code and every change kept as a revision.
 */

/** The professional bodies a member can keep their ledger for; `other` sets its own hours target. */
export const CPD_BODIES = ['icaew', 'acca', 'us_cpe', 'other'] as const;
export const CpdBody = z.enum(CPD_BODIES, { error: 'body must be one of icaew, acca, us_cpe, other' });
export type CpdBody = z.infer<typeof CpdBody>;

/** What each body asks for a year (docs/cpd.md says where each number comes from). */
export const CPD_BODY_RULES: Record<CpdBody, { label: string; targetHours: number; verifiableHours: number | null }> = {
  icaew: { label: 'ICAEW', targetHours: 20, verifiableHours: 10 },
  acca: { label: 'ACCA (unit route)', targetHours: 40, verifiableHours: 21 },
  us_cpe: { label: 'US CPE (self-study log)', targetHours: 40, verifiableHours: null },
  other: { label: 'Other', targetHours: 20, verifiableHours: null },
};

/** What a measured entry is about; `external` is one the member added (a course elsewhere). */
export const CPD_ITEM_TYPES = ['article', 'episode', 'discussion'] as const;
export const CpdItemType = z.enum(CPD_ITEM_TYPES, { error: 'itemType must be article, episode or discussion' });
export type CpdItemType = z.infer<typeof CpdItemType>;
export type CpdEntryType = CpdItemType | 'external';

// The measuring limits live in constants.ts: the player, always loaded, measures with them and must not pull zod in.
export { CPD_CHUNK_MS, CPD_IDLE_MS } from './constants';
/** Per article, reading counts up to this multiple of its reading-time estimate (contracts/text.ts readingMinutes). */
export const CPD_READING_CAP = 3;
/** Per episode, listening counts up to this multiple of its length (a second listen counts; a loop does not). */
export const CPD_LISTENING_CAP = 2;
/** Per discussion, reading counts up to this many minutes. */
export const CPD_DISCUSSION_CAP_MINUTES = 30;
/** A time record arriving this long after it ended is marked "synced later" even if the device did not say offline. */
export const CPD_LATE_MS = 10 * 60_000;
/** Longest single time record: the device sends a record per chunk, so more is a client's mistake. */
export const CPD_RECORD_MAX_SECONDS = 60 * 60;

export const CPD_MESSAGES = {
  overWallClock: 'activeSeconds cannot be more than the time between startedAt and endedAt',
  endBeforeStart: 'endedAt must not be before startedAt',
  paused: 'Tracking is paused',
} as const;

/**
 * `POST /api/cpd/time`: one measured stretch of reading or listening. `id` is made on the device and
 * is the record's identity: a replay of the same id is counted once (and answers as the first did).
 */
export const CpdTimeInput = z
  .object({
    id: ClientId,
    itemType: CpdItemType,
    itemId: Id,
    startedAt: DeviceTime,
    endedAt: DeviceTime,
    activeSeconds: z
      .number({ error: `activeSeconds must be a number of seconds from 0 to ${CPD_RECORD_MAX_SECONDS}` })
      .min(0, `activeSeconds must be a number of seconds from 0 to ${CPD_RECORD_MAX_SECONDS}`)
      .max(CPD_RECORD_MAX_SECONDS, `activeSeconds must be a number of seconds from 0 to ${CPD_RECORD_MAX_SECONDS}`),
    /** The device was offline when it measured this (the entry then says "synced later"). */
    recordedOffline: z.boolean({ error: 'recordedOffline must be true or false' }).default(false),
  })
  .superRefine((v, ctx) => {
    const span = (Date.parse(v.endedAt) - Date.parse(v.startedAt)) / 1000;
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['endedAt'], message: CPD_MESSAGES.endBeforeStart });
    // A second's grace for the two clocks' rounding.
    else if (v.activeSeconds > span + 1) ctx.addIssue({ code: 'custom', path: ['activeSeconds'], message: CPD_MESSAGES.overWallClock });
  });
export type CpdTimeInput = z.infer<typeof CpdTimeInput>;

/** What the server counted of a time record, after its checks. */
export interface CpdTimeResult {
  entryId: string;
  /** Seconds this record added to the entry (0 when it overlapped time already counted, or the cap was reached). */
  countedSeconds: number;
  syncedLater: boolean;
}

/** `PUT /api/cpd/settings`. */
export const CpdSettingsInput = z.object({
  body: CpdBody,
  /** The month the member's CPD year starts (1 = January; ICAEW's is November for many members). */
  yearStartMonth: z.number({ error: 'yearStartMonth must be a month from 1 to 12' }).int('yearStartMonth must be a month from 1 to 12').min(1, 'yearStartMonth must be a month from 1 to 12').max(12, 'yearStartMonth must be a month from 1 to 12'),
  /** Only for `other` (the body's own target otherwise): 1 to 200 hours. */
  targetHours: z.number({ error: 'targetHours must be from 1 to 200' }).min(1, 'targetHours must be from 1 to 200').max(200, 'targetHours must be from 1 to 200').optional(),
  /** While true, the device measures nothing and the server refuses time records (403, CPD_MESSAGES.paused). */
  trackingPaused: z.boolean({ error: 'trackingPaused must be true or false' }),
  /** The digest mail says how many hours are missing near the year end. */
  digestNudge: z.boolean({ error: 'digestNudge must be true or false' }),
});
export type CpdSettingsInput = z.infer<typeof CpdSettingsInput>;
export interface CpdSettings extends Required<Omit<CpdSettingsInput, 'targetHours'>> {
  targetHours: number;
  verifiableHours: number | null;
}

const reflection = {
  /** Why did I choose it: which development need. */
  developmentNeed: optionalText('Development need', 2000, true),
  /** What did I learn. */
  learning: optionalText('What you learned', 2000, true),
  /** How will I apply it. */
  application: optionalText('How you will apply it', 2000, true),
};

/** `PATCH /api/cpd/entries/{id}`: the reflection; an entry the member added may also change its own facts. */
export const CpdEntryPatch = z
  .object({
    ...reflection,
    title: singleLineText('Title is required').min(1, 'Title is required').max(300, 'Title must be at most 300 characters').optional(),
    provider: singleLineText().max(200, 'Provider must be at most 200 characters').optional(),
    date: z.iso.date({ error: 'date must be a date (YYYY-MM-DD)' }).optional(),
    minutes: z.number({ error: 'minutes must be from 1 to 6000' }).int('minutes must be from 1 to 6000').min(1, 'minutes must be from 1 to 6000').max(6000, 'minutes must be from 1 to 6000').optional(),
    /** An upload (POST /api/uploads) of the certificate, or null to remove it. */
    certificateUploadId: Id.nullable().optional(),
  })
  .strict();
export type CpdEntryPatch = z.infer<typeof CpdEntryPatch>;

/** `POST /api/cpd/entries`: an activity elsewhere (a course, a conference), with its certificate. */
export const CpdEntryInput = z.object({
  title: singleLineText('Title is required').min(1, 'Title is required').max(300, 'Title must be at most 300 characters'),
  provider: singleLineText('Provider is required').min(1, 'Provider is required').max(200, 'Provider must be at most 200 characters'),
  date: z.iso.date({ error: 'date must be a date (YYYY-MM-DD)' }),
  minutes: z.number({ error: 'minutes must be from 1 to 6000' }).int('minutes must be from 1 to 6000').min(1, 'minutes must be from 1 to 6000').max(6000, 'minutes must be from 1 to 6000'),
  /** The activity's own evidence counts as verifiable (a certificate from its provider). */
  certificateUploadId: Id.nullable().optional(),
  ...reflection,
});
export type CpdEntryInput = z.infer<typeof CpdEntryInput>;

/** `GET /api/cpd?year=2026`: the CPD year that starts in that calendar year (the member's start month). */
export const CpdYearQuery = z.object({
  year: z.coerce.number({ error: 'year must be a year from 2000 to 2100' }).int('year must be a year from 2000 to 2100').min(2000, 'year must be a year from 2000 to 2100').max(2100, 'year must be a year from 2000 to 2100').optional(),
});

export interface CpdEntry {
  id: string;
  type: CpdEntryType;
  /** The article, episode or discussion (null for an entry the member added). */
  itemId: string | null;
  title: string;
  /** "Ledger Commons", the article's source, or what the member wrote. */
  provider: string;
  /** Dates (YYYY-MM-DD, the member's days in UTC) of the first and last time counted in this year. */
  firstDate: string;
  lastDate: string;
  minutes: number;
  /** Some of its time arrived from a device that had been offline. */
  syncedLater: boolean;
  /** The item's learning objectives, copied when the entry began. */
  objectives: string | null;
  developmentNeed: string | null;
  learning: string | null;
  application: string | null;
  certificateUrl: string | null;
  /** ACCA's rule (docs/cpd.md): measured time (or a certificate) and all three reflection answers. */
  verifiableReady: boolean;
  verificationCode: string;
  /** `/verify/<code>` on this site. */
  verificationUrl: string;
  /** The entry's topics (the item's categories), for the chart by topic. */
  topics: Array<{ id: string; name: string }>;
  createdAt: string;
  updatedAt: string;
}

export interface CpdRevision {
  id: string;
  changedAt: string;
  /** What the entry said before this change (the fields that changed). */
  before: Partial<Record<'title' | 'provider' | 'date' | 'minutes' | 'developmentNeed' | 'learning' | 'application' | 'certificateUrl', string | number | null>>;
  after: CpdRevision['before'];
}

/** `GET /api/cpd`: the member's year. */
export interface CpdYear {
  settings: CpdSettings;
  /** The CPD year shown: its first and last day (YYYY-MM-DD), and the calendar year it starts in. */
  year: number;
  from: string;
  to: string;
  totals: { minutes: number; verifiableMinutes: number; nonVerifiableMinutes: number; targetMinutes: number; missingMinutes: number };
  /** One per month of the CPD year, in order ('2026-11'), zeros included. */
  byMonth: Array<{ month: string; minutes: number; verifiableMinutes: number }>;
  byTopic: Array<{ topic: string; minutes: number }>;
  entries: CpdEntry[];
  /** Calendar years with any entry, for the year picker (newest first). */
  years: number[];
}

/** `GET /api/cpd/today`: for the nudge on the home's Continue shelf and the player. */
export interface CpdToday {
  minutesToday: number;
  /** Hours still missing in the current CPD year, when its end is under 60 days away; otherwise null. */
  missingHoursNearYearEnd: number | null;
  trackingPaused: boolean;
  /** The current CPD year's last day (YYYY-MM-DD): the nudge says "N hours to go before <this day>". */
  yearEnd: string;
}

/** `GET /api/verify/{code}` (public): what an auditor sees, and nothing else about the member. */
export interface CpdVerification {
  memberName: string;
  title: string;
  provider: string;
  type: CpdEntryType;
  firstDate: string;
  lastDate: string;
  minutes: number;
  syncedLater: boolean;
  verifiableReady: boolean;
}

export const VerificationCode = safeText().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a verification code');
