import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { CpdEntryInput, CpdItemType, CpdSettingsInput, CpdTimeInput } from '../../../contracts/cpd';
import { fromJson, now, toBool, utcDay } from '../../db/dialect';
import { transactionOrRefusal } from '../../db/transaction';

/*
 * The CPD ledger's tables (migration 20261206000000_cpd; docs/cpd.md). Every query is keyed by the
 * member: no path or body names another member, and an entry id that is not theirs is not found.
 * Repos return rows and results; the routes decide.
 */

// ---------------------------------------------------------------- settings

export interface SettingsRow {
  body: string;
  year_start_month: number;
  target_hours: number | null;
  tracking_paused: unknown;
  digest_nudge: unknown;
}

export const DEFAULT_SETTINGS: SettingsRow = { body: 'icaew', year_start_month: 1, target_hours: null, tracking_paused: false, digest_nudge: false };

export async function findSettings(db: Knex, userId: string): Promise<SettingsRow> {
  const row = await db('cpd_settings').where({ user_id: userId }).first('body', 'year_start_month', 'target_hours', 'tracking_paused', 'digest_nudge');
  return row ?? DEFAULT_SETTINGS;
}

export async function saveSettings(db: Knex, userId: string, input: CpdSettingsInput): Promise<SettingsRow> {
  const row = {
    body: input.body,
    year_start_month: input.yearStartMonth,
    // A target of one's own is only for `other`: the bodies' targets are theirs.
    target_hours: input.body === 'other' ? (input.targetHours ?? null) : null,
    tracking_paused: input.trackingPaused,
    digest_nudge: input.digestNudge,
  };
  await db('cpd_settings').insert({ user_id: userId, ...row, updated_at: now() }).onConflict('user_id').merge({ ...row, updated_at: now() });
  return row;
}

// ---------------------------------------------------------------- items

/** What a time record is about, as the ledger copies it into the entry. */
export interface LedgerItem {
  id: string;
  title: string;
  status: string | null;
  author_id: string | null;
  hidden_at?: unknown;
  is_archived?: unknown;
  /** Articles: the source's name (the entry's provider). */
  source_name?: string | null;
  content?: string | null;
  duration?: number | null;
  learning_objectives?: string | null;
  topics: Array<{ id: string; name: string }>;
}

const ITEM_TABLES: Record<CpdItemType, { table: string; columns: string[]; links?: { table: string; column: string } }> = {
  article: {
    table: 'news_articles',
    columns: ['id', 'title', 'status', 'author_id', 'is_archived', 'source_name', 'content', 'learning_objectives'],
    links: { table: 'article_categories', column: 'article_id' },
  },
  episode: {
    table: 'podcast_episodes',
    columns: ['id', 'title', 'status', 'author_id', 'is_archived', 'duration', 'learning_objectives'],
    links: { table: 'podcast_categories', column: 'podcast_id' },
  },
  discussion: { table: 'forum_discussions', columns: ['id', 'title', 'status', 'author_id', 'hidden_at', 'category_id'] },
};

/** The item and its topics (news categories; a discussion's forum category), or undefined. */
export async function findItem(db: Knex, type: CpdItemType, id: string): Promise<LedgerItem | undefined> {
  const spec = ITEM_TABLES[type];
  const row = await db(spec.table).where({ id }).first(spec.columns);
  if (!row) return undefined;
  let topics: Array<{ id: string; name: string }>;
  if (spec.links) {
    topics = await db(`${spec.links.table} as l`)
      .join('news_categories as c', 'c.id', 'l.category_id')
      .where(`l.${spec.links.column}`, id)
      .orderBy('c.name')
      .select('c.id', 'c.name');
  } else {
    topics = row.category_id ? await db('forum_categories').where({ id: row.category_id }).select('id', 'name') : [];
  }
  return { ...row, topics };
}

// ---------------------------------------------------------------- time records

export const MEDIUM: Record<CpdItemType, 'reading' | 'listening'> = { article: 'reading', discussion: 'reading', episode: 'listening' };

export interface TimeResult {
  entryId: string;
  countedSeconds: number;
  syncedLater: boolean;
}

/** 128 random bits, url-safe: a code cannot be guessed or walked. */
export const newVerificationCode = () => randomBytes(16).toString('base64url');

/** Seconds of [from, to] not covered by any of `spans` (each clipped to it). */
export function uncoveredSeconds(from: number, to: number, spans: Array<[number, number]>): number {
  const clipped = spans
    .map(([s, e]) => [Math.max(s, from), Math.min(e, to)] as [number, number])
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reach = from;
  for (const [s, e] of clipped) {
    if (e <= reach) continue;
    covered += e - Math.max(s, reach);
    reach = e;
  }
  return Math.max(0, (to - from - covered) / 1000);
}

/**
 * Counts one time record (docs/cpd.md, "Re-checked on the server"), in one transaction that holds
 * the member's row, so two records sent together are checked one after the other:
 *  - a replay of the same id answers what it counted the first time and counts nothing again;
 *  - the entry (one per member and item) is created on the first record, with the item's copy;
 *  - only the part of the wall-clock span not already covered by the member's counted records of
 *    the same medium counts (at most the active seconds), then no more than the item's cap.
 */
export async function countTime(
  db: Knex,
  userId: string,
  input: CpdTimeInput,
  item: LedgerItem,
  opts: { capSeconds: number; syncedLater: boolean; at: string },
): Promise<TimeResult> {
  return db.transaction(async (trx) => {
    await trx('users').where({ id: userId }).forUpdate().first('id');
    const replay = await trx('cpd_time_records').where({ user_id: userId, id: input.id }).first('entry_id', 'counted_seconds', 'synced_later');
    if (replay) return { entryId: replay.entry_id, countedSeconds: Math.round(Number(replay.counted_seconds)), syncedLater: toBool(replay.synced_later) };

    let entry = await trx('cpd_entries').where({ user_id: userId, type: input.itemType, item_id: item.id }).first('id');
    if (!entry) {
      entry = { id: uuidv7() };
      await trx('cpd_entries').insert({
        id: entry.id,
        user_id: userId,
        type: input.itemType,
        item_id: item.id,
        title: item.title.slice(0, 300),
        provider: (item.source_name?.trim() || 'Ledger Commons').slice(0, 200),
        objectives: item.learning_objectives ?? null,
        topics: JSON.stringify(item.topics),
        synced_later: false,
        verification_code: newVerificationCode(),
        created_at: opts.at,
        updated_at: opts.at,
      });
    }

    const from = Date.parse(input.startedAt);
    const to = Date.parse(input.endedAt);
    const medium = MEDIUM[input.itemType];
    const overlapping: Array<{ started_at: unknown; ended_at: unknown }> = await trx('cpd_time_records')
      .where({ user_id: userId, medium })
      .where('counted_seconds', '>', 0)
      .where('started_at', '<', input.endedAt)
      .where('ended_at', '>', input.startedAt)
      .select('started_at', 'ended_at');
    const spans = overlapping.map((r) => [Date.parse(String(toDate(r.started_at))), Date.parse(String(toDate(r.ended_at)))] as [number, number]);
    let counted = Math.min(input.activeSeconds, uncoveredSeconds(from, to, spans));

    const sum = await trx('cpd_time_records').where({ entry_id: entry.id }).sum({ total: 'counted_seconds' }).first();
    counted = Math.max(0, Math.min(counted, opts.capSeconds - Number(sum?.total ?? 0)));

    await trx('cpd_time_records').insert({
      user_id: userId,
      id: input.id,
      entry_id: entry.id,
      medium,
      started_at: input.startedAt,
      ended_at: input.endedAt,
      active_seconds: input.activeSeconds,
      counted_seconds: counted,
      synced_later: opts.syncedLater,
      received_at: opts.at,
    });
    const touched: Record<string, unknown> = { updated_at: opts.at };
    if (opts.syncedLater) touched.synced_later = true;
    await trx('cpd_entries').where({ id: entry.id }).update(touched);
    return { entryId: entry.id, countedSeconds: Math.round(counted), syncedLater: opts.syncedLater };
  });
}

const toDate = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

// ---------------------------------------------------------------- entries

export interface EntryRow {
  id: string;
  user_id: string;
  type: string;
  item_id: string | null;
  title: string;
  provider: string;
  objectives: string | null;
  topics: unknown;
  development_need: string | null;
  learning: string | null;
  application: string | null;
  activity_date: string | null;
  external_minutes: number | null;
  certificate_object_id: string | null;
  synced_later: unknown;
  verification_code: string;
  created_at: unknown;
  updated_at: unknown;
}

/** Counted time of an entry: per UTC day, in seconds. */
export interface DayRow {
  entry_id: string;
  day: string;
  seconds: number | string;
}

const ENTRY_COLUMNS = [
  'id', 'user_id', 'type', 'item_id', 'title', 'provider', 'objectives', 'topics', 'development_need', 'learning', 'application',
  'activity_date', 'external_minutes', 'certificate_object_id', 'synced_later', 'verification_code', 'created_at', 'updated_at',
];

export const topicsOf = (row: EntryRow): Array<{ id: string; name: string }> => fromJson(row.topics, []);

/** The member's counted time per entry and UTC day between two instants (`to` excluded): one query. */
export function countedDays(db: Knex, userId: string, range?: { from: string; to: string }, entryIds?: string[]): Promise<DayRow[]> {
  const q = db('cpd_time_records').where({ user_id: userId });
  if (range) q.where('started_at', '>=', range.from).where('started_at', '<', range.to);
  if (entryIds) q.whereIn('entry_id', entryIds);
  const day = utcDay(db, 'started_at');
  return q.select('entry_id', db.raw('? as day', [day]), db.raw('sum(counted_seconds) as seconds')).groupBy('entry_id', day) as unknown as Promise<DayRow[]>;
}

/**
 * The member's entries with time in the range or (their own) dated in it: one query for the
 * entries, one for their days, whatever their number.
 */
export async function entriesInRange(db: Knex, userId: string, range: { from: string; to: string; fromDay: string; toDay: string }): Promise<{ entries: EntryRow[]; days: DayRow[] }> {
  const days = await countedDays(db, userId, range);
  const entries: EntryRow[] = await db('cpd_entries')
    .where({ user_id: userId })
    .where((q) => {
      // Through a subquery, not a list of ids: one statement for any number of entries.
      q.whereIn(
        'id',
        db('cpd_time_records').where({ user_id: userId }).where('started_at', '>=', range.from).where('started_at', '<', range.to).select('entry_id'),
      ).orWhere((w) => w.where('type', 'external').where('activity_date', '>=', range.fromDay).where('activity_date', '<=', range.toDay));
    })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .select(ENTRY_COLUMNS);
  return { entries, days };
}

/** Days with counted time and days of the member's own entries: which CPD years have anything. */
export async function ledgerDays(db: Knex, userId: string): Promise<string[]> {
  const day = utcDay(db, 'started_at');
  const counted: Array<{ day: string }> = await db('cpd_time_records').where({ user_id: userId }).select(db.raw('? as day', [day])).groupBy(day);
  const own: Array<{ day: string }> = await db('cpd_entries').where({ user_id: userId, type: 'external' }).distinct('activity_date as day');
  return [...counted, ...own].map((r) => String(r.day)).filter(Boolean);
}

export function findEntry(db: Knex, userId: string, id: string): Promise<EntryRow | undefined> {
  return db('cpd_entries').where({ user_id: userId, id }).first(ENTRY_COLUMNS);
}

export function findEntryByCode(db: Knex, code: string): Promise<(EntryRow & { first_name: string | null; last_name: string | null }) | undefined> {
  return db('cpd_entries as e')
    .join('users as u', 'u.id', 'e.user_id')
    .where('e.verification_code', code)
    .first(...ENTRY_COLUMNS.map((c) => `e.${c}`), 'u.first_name', 'u.last_name');
}

export interface RevisionRow {
  id: string;
  changed_at: unknown;
  before: string;
  after: string;
}

export function listRevisions(db: Knex, entryId: string): Promise<RevisionRow[]> {
  return db('cpd_revisions')
    .where({ entry_id: entryId })
    .orderBy([{ column: 'changed_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .select('id', 'changed_at', 'before', 'after');
}

/** A member's upload, finalised: what a certificate may be. */
export async function ownUpload(db: Knex, userId: string, objectId: string): Promise<boolean> {
  return Boolean(await db('objects').where({ id: objectId, user_id: userId }).whereNotNull('finalized_at').first('id'));
}

export async function createExternalEntry(db: Knex, userId: string, input: CpdEntryInput, at: string): Promise<string> {
  const id = uuidv7();
  await db('cpd_entries').insert({
    id,
    user_id: userId,
    type: 'external',
    item_id: null,
    title: input.title,
    provider: input.provider,
    objectives: null,
    topics: '[]',
    development_need: input.developmentNeed ?? null,
    learning: input.learning ?? null,
    application: input.application ?? null,
    activity_date: input.date,
    external_minutes: input.minutes,
    certificate_object_id: input.certificateUploadId ?? null,
    synced_later: false,
    verification_code: newVerificationCode(),
    created_at: at,
    updated_at: at,
  });
  return id;
}

/** Columns to change and the revision (the changed fields before and after), written together. */
export async function updateEntry(
  db: Knex,
  userId: string,
  id: string,
  columns: Record<string, unknown>,
  revision: { before: Record<string, unknown>; after: Record<string, unknown> } | null,
  at: string,
): Promise<'updated' | 'not_found'> {
  return transactionOrRefusal<'updated', 'not_found'>(db, async (trx, refuse) => {
    const n = await trx('cpd_entries').where({ user_id: userId, id }).update({ ...columns, updated_at: at });
    if (!n) refuse('not_found');
    if (revision) {
      await trx('cpd_revisions').insert({ id: uuidv7(), entry_id: id, user_id: userId, changed_at: at, before: JSON.stringify(revision.before), after: JSON.stringify(revision.after) });
    }
    return 'updated';
  });
}

export async function deleteEntry(db: Knex, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx('cpd_revisions').where({ user_id: userId, entry_id: id }).delete();
    await trx('cpd_time_records').where({ user_id: userId, entry_id: id }).delete();
    return (await trx('cpd_entries').where({ user_id: userId, id }).delete()) > 0;
  });
}

/** The whole ledger: records, entries, revisions and settings, together or not at all. */
export async function deleteLedger(db: Knex, userId: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('cpd_revisions').where({ user_id: userId }).delete();
    await trx('cpd_time_records').where({ user_id: userId }).delete();
    await trx('cpd_entries').where({ user_id: userId }).delete();
    await trx('cpd_settings').where({ user_id: userId }).delete();
  });
}

/** Seconds counted for the member between two instants (the nudge's "today"). */
export async function countedBetween(db: Knex, userId: string, from: string, to: string): Promise<number> {
  const row = await db('cpd_time_records').where({ user_id: userId }).where('started_at', '>=', from).where('started_at', '<', to).sum({ total: 'counted_seconds' }).first();
  return Number(row?.total ?? 0);
}

const DAY_MS = 86_400_000;

/** Seconds counted for the member in the UTC day of `nowMs` (the nudge's and the home's "today"). */
export function countedToday(db: Knex, userId: string, nowMs: number): Promise<number> {
  const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
  return countedBetween(db, userId, new Date(dayStart).toISOString(), new Date(dayStart + DAY_MS).toISOString());
}

/** Every revision of the member's entries (the profile's download). */
export function allRevisions(db: Knex, userId: string): Promise<Array<RevisionRow & { entry_id: string }>> {
  return db('cpd_revisions').where({ user_id: userId }).orderBy([{ column: 'changed_at', order: 'asc' }, { column: 'id', order: 'asc' }]).select('id', 'entry_id', 'changed_at', 'before', 'after');
}
