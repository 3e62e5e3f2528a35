import type { Knex } from 'knex';
import type { CategoryRef } from '../../../contracts/news';
import type { ShowRef } from '../../../contracts/podcasts';
import { now, toBool, toIso } from '../../db/dialect';
import { transactionOrRefusal } from '../../db/transaction';
import { recordEvent, type EventActor } from '../../events/index';
import { touchesRevisionFields } from '../revisions/repo';
import { likedByViewerColumn } from '../likes/repo';
import { encodeCursor, type ListCursor } from '../cursor';
import { ARTICLES, eventKind, type ContentKind } from './kinds';
import { isPublished, wherePublished } from './visibility';

/** The columns articles and podcast episodes share. */
export interface ContentRow {
  id: string;
  title: string;
  status: string;
  is_archived: unknown;
  is_featured: unknown;
  likes: number;
  author_id: string | null;
  published_at: unknown;
  /** A draft's publish time (the publishing job makes it published then); null otherwise. */
  scheduled_at?: unknown;
  created_at: unknown;
  updated_at: unknown;
  /** Whether the viewer the row was read for likes it (likedByViewerColumn); absent for nobody. */
  viewer_liked?: unknown;
}

/** What a create or update body becomes: column values plus, when given, the category ids. */
export interface ContentWrite {
  columns: Record<string, unknown>;
  categoryIds?: string[];
}

export interface ListFilter {
  /** Editors and admins (visibility.ts isStaff) also get drafts. */
  withDrafts: boolean;
  limit: number;
  categoryIds: string[];
  archivedOnly: boolean;
  featuredOnly?: boolean;
  /** Equality filters on the item's own columns (e.g. an episode's `show_id`). */
  where?: Record<string, string>;
  /** Columns of the item's own that must be set (the podcast feed: episodes with a file). */
  whereNotNull?: string[];
  before?: ListCursor;
  /** The signed-in viewer, whose likes the rows carry (`viewer_liked`). */
  viewerId?: string;
}

export interface Page<R> {
  rows: R[];
  /** Cursor of the page after this one; undefined on the last page. */
  nextCursor?: string;
}

/**
 * One page in ONE query, newest first by when an item appeared: its publishedAt, or for a
 * never-published draft (editors only) its createdAt; then createdAt desc, id desc. So an editor's
 * drafts sit among the articles of their time, and a pile of old drafts never pushes every published
 * item off page one. Fetches one row more than asked to know whether another page exists.
 *
 * Each part is read in index order, never by sorting the table: visitors see only the published
 * part (`news_articles_list_idx`); editors get the union of the first `limit + 1` drafts and the
 * first `limit + 1` published rows (`…_editor_list_idx`), so at most 2 × (limit + 1) rows are sorted
 * however large the table grows.
 */
export async function listContent<R extends ContentRow>(db: Knex, kind: ContentKind, f: ListFilter): Promise<Page<R>> {
  const t = kind.table;
  const col = (c: string) => `${t}.${c}`;
  const filtered = () => {
    const q = db(t).select(itemColumns(db, kind, f.viewerId)).where(col('is_archived'), f.archivedOnly);
    if (f.featuredOnly) q.where(col('is_featured'), true);
    for (const [column, value] of Object.entries(f.where ?? {})) q.where(col(column), value);
    for (const column of f.whereNotNull ?? []) q.whereNotNull(col(column));
    if (f.categoryIds.length) {
      q.whereExists((sub) =>
        sub
          .select(db.raw('1'))
          .from(kind.linkTable)
          .where(`${kind.linkTable}.${kind.linkColumn}`, db.ref(col('id')))
          .whereIn(`${kind.linkTable}.category_id`, f.categoryIds),
      );
    }
    return q;
  };
  // The cursor's item sorted under (appeared, createdAt, id); each part keeps rows strictly after it.
  const [cursorPublishedAt, cursorCreatedAt, cursorId] = f.before ?? [];
  const cursorAppeared = cursorPublishedAt ?? cursorCreatedAt;
  const after = (q: Knex.QueryBuilder, appeared: string) => {
    if (!f.before) return q;
    return q.where((w) =>
      w.where(col(appeared), '<', cursorAppeared!).orWhere((x) =>
        x.where(col(appeared), cursorAppeared!).andWhere((y) =>
          y.where(col('created_at'), '<', cursorCreatedAt!).orWhere((z) => z.where(col('created_at'), cursorCreatedAt!).andWhere(col('id'), '<', cursorId!)),
        ),
      ),
    );
  };
  const newestFirst = (q: Knex.QueryBuilder) => q.orderBy(col('created_at'), 'desc').orderBy(col('id'), 'desc').limit(f.limit + 1);

  // Published items always carry publishedAt (every writer stamps it on first publish).
  const published = filtered().whereNotNull(col('published_at'));
  if (!f.withDrafts) wherePublished(published, t);
  newestFirst(after(published, 'published_at').orderBy(col('published_at'), 'desc'));

  let rows: R[];
  if (!f.withDrafts) {
    rows = (await published) as R[];
  } else {
    const drafts = newestFirst(after(filtered().whereNull(col('published_at')), 'created_at'));
    // Subqueries keep each part's own ORDER BY and LIMIT; the union is sorted by when each appeared.
    const both = db
      .select('*')
      .from(db.select('*').from(drafts.as('d')).unionAll(db.select('*').from(published.as('p'))).as('u'))
      .orderBy(db.raw('coalesce(published_at, created_at)'), 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(f.limit + 1);
    rows = (await both) as R[];
  }

  if (rows.length <= f.limit) return { rows };
  const page = rows.slice(0, f.limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: encodeCursor([toIso(last.published_at), toIso(last.created_at)!, last.id]) };
}

/**
 * `viewerId`: whose like the row carries (`viewer_liked`), when someone is signed in; `detail`: with
 * the kind's detailColumns (the item's own answer).
 */
export async function findContent<R extends ContentRow>(db: Knex, kind: ContentKind, id: string, viewerId?: string, detail = false): Promise<R | undefined> {
  return (await db(kind.table).where(`${kind.table}.id`, id).first(itemColumns(db, kind, viewerId, detail))) as R | undefined;
}

/** The item's columns, what is computed from them, and for a signed-in viewer whether they like it, in the same statement. */
function itemColumns(db: Knex, kind: ContentKind, viewerId: string | undefined, detail = false): Array<string | Knex.Raw> {
  const columns: Array<string | Knex.Raw> = [...kind.columns, ...(detail ? (kind.detailColumns ?? []) : [])].map((c) => `${kind.table}.${c}`);
  for (const [name, sql] of Object.entries(kind.computedColumns ?? {})) columns.push(db.raw(`(${sql}) as ??`, [name]));
  if (viewerId) columns.push(likedByViewerColumn(db, kind.likeTarget, `${kind.table}.id`, viewerId));
  return columns;
}

/** What a page of items shows besides its own columns, each loaded in one batched query. */
export interface Relations {
  categories: Map<string, CategoryRef[]>;
  liked: Set<string>;
  /** The episodes' shows by show id (loaded for episodes only). */
  shows?: Map<string, ShowRef>;
}

/** The viewer's likes come with the rows (`viewer_liked`: listContent and findContent with a viewer). */
export async function loadRelations(db: Knex, kind: ContentKind, rows: ContentRow[]): Promise<Relations> {
  const ids = rows.map((r) => r.id);
  const showIds = kind.showColumn ? rows.map((r) => (r as unknown as Record<string, string | null>)[kind.showColumn!]) : [];
  const [categories, shows] = await Promise.all([categoriesOf(db, kind, ids), showRefs(db, showIds)]);
  const liked = new Set(rows.filter((r) => toBool(r.viewer_liked)).map((r) => r.id));
  return { categories, liked, shows };
}

async function showRefs(db: Knex, ids: Array<string | null>): Promise<Map<string, ShowRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!wanted.length) return new Map();
  const rows: ShowRef[] = await db('podcast_shows').whereIn('id', wanted).select('id', 'name', 'slug');
  return new Map(rows.map((r) => [r.id, r]));
}

async function categoriesOf(db: Knex, kind: ContentKind, ids: string[]): Promise<Map<string, CategoryRef[]>> {
  const out = new Map<string, CategoryRef[]>();
  if (!ids.length) return out;
  const link = kind.linkTable;
  const rows: Array<CategoryRef & { item_id: string }> = await db(link)
    .join('news_categories as c', 'c.id', `${link}.category_id`)
    .whereIn(`${link}.${kind.linkColumn}`, ids)
    .select(`${link}.${kind.linkColumn} as item_id`, 'c.id', 'c.name', 'c.slug', 'c.color')
    .orderBy([{ column: 'c.display_order' }, { column: 'c.name' }]);
  for (const { item_id, ...category } of rows) {
    const list = out.get(item_id) ?? [];
    list.push(category);
    out.set(item_id, list);
  }
  return out;
}

/** A write refused because these category ids are unknown or inactive; nothing was written. */
export interface UnusableCategories {
  kind: 'unusable_categories';
  ids: string[];
}

/**
 * Every id must name an active category; on update, a category the item already has stays
 * acceptable after it was deactivated (so re-saving an old item's form does not fail).
 */
async function unusableCategories(trx: Knex.Transaction, ids: string[], alreadyLinked: string[]): Promise<UnusableCategories | undefined> {
  const rows: Array<{ id: string; is_active: unknown }> = await trx('news_categories').whereIn('id', ids).select('id', 'is_active');
  const usable = new Set(rows.filter((r) => toBool(r.is_active) || alreadyLinked.includes(r.id)).map((r) => r.id));
  const bad = ids.filter((id) => !usable.has(id));
  return bad.length ? { kind: 'unusable_categories', ids: bad } : undefined;
}

async function linkCategories(trx: Knex.Transaction, kind: ContentKind, itemId: string, categoryIds: string[]) {
  await trx(kind.linkTable).insert(categoryIds.map((category_id) => ({ [kind.linkColumn]: itemId, category_id })));
}

/** Publishing stamps publishedAt the first time only; unpublishing keeps it. */
function withPublishStamp(trx: Knex.Transaction, columns: Record<string, unknown>, ts: string) {
  if (!isPublished(columns)) return columns;
  return { ...columns, published_at: trx.raw('coalesce(??, ?)', ['published_at', ts]) };
}

/**
 * A body's `scheduledAt` as columns: a time makes the item a draft waiting for the publishing job
 * (the time wins over a `status` sent with it); null clears it. Absent, nothing changes.
 */
export function scheduleColumns(scheduledAt: string | null | undefined): Record<string, unknown> {
  if (scheduledAt === undefined) return {};
  if (scheduledAt === null) return { scheduled_at: null };
  return { scheduled_at: new Date(scheduledAt).toISOString(), status: 'draft' };
}

/** The body's own columns beside the kind's fields: its status and the featured flag. */
const FLAG_COLUMNS = { status: 'status', isFeatured: 'is_featured' } as const;

/** A validated create/update body → columns; fields not sent (undefined) are left out. */
export function contentWrite(kind: ContentKind, input: { scheduledAt?: string | null; categoryIds?: string[] }): ContentWrite {
  const values = input as Record<string, unknown>;
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries({ ...kind.fields, ...FLAG_COLUMNS })) {
    if (values[field] !== undefined) columns[column] = values[field];
  }
  Object.assign(columns, scheduleColumns(input.scheduledAt));
  return { columns, categoryIds: input.categoryIds };
}

/** Who wrote it: the revision's author and, when scheduling, the scheduler (scheduled_by). */
export interface WriteOptions {
  actor?: EventActor;
}

const UNKNOWN_ACTOR: EventActor = { id: null, name: 'Unknown' };

/**
 * The publish time's bookkeeping for a write of `columns`: a time records who set it; a status
 * change (publishing by hand, unpublishing) or a cleared time forgets it.
 */
function withScheduleOwner(columns: Record<string, unknown>, actor: EventActor | undefined): Record<string, unknown> {
  if (columns.scheduled_at !== undefined) return { ...columns, scheduled_by: columns.scheduled_at === null ? null : (actor?.id ?? null) };
  if (columns.status !== undefined) return { ...columns, scheduled_at: null, scheduled_by: null };
  return columns;
}

/** The audit entry of a publish time set or cleared (publishing and unpublishing have their own). */
async function recordSchedule(trx: Knex.Transaction, kind: ContentKind, actor: EventActor, item: { id: string; title: string }, before: unknown, after: unknown) {
  const was = toIso(before);
  const now = toIso(after);
  if (was === now || (now === null && after === undefined)) return;
  await recordEvent(trx, { type: 'content.scheduled', target: { type: eventKind(kind), id: item.id, label: item.title }, actor, before: was, after: now });
}

/** Inserts the item, its category links and its first revision in one transaction: a bad category leaves nothing behind. */
export async function createContent(
  db: Knex,
  kind: ContentKind,
  columns: Record<string, unknown> & { id: string; status: string },
  categoryIds: string[],
  { actor }: WriteOptions = {},
): Promise<'created' | UnusableCategories> {
  const ts = now();
  return db.transaction(async (trx) => {
    const unusable = await unusableCategories(trx, categoryIds, []);
    if (unusable) return unusable;
    const row = withScheduleOwner(columns, actor);
    await trx(kind.table).insert({
      ...row,
      scheduled_at: row.scheduled_at ?? null,
      scheduled_by: row.scheduled_at ? (row.scheduled_by ?? null) : null,
      published_at: isPublished(columns) ? ts : null,
      created_at: ts,
      updated_at: ts,
    });
    await linkCategories(trx, kind, columns.id, categoryIds);
    const who = actor ?? UNKNOWN_ACTOR;
    await recordEvent(trx, { type: 'content.written', kind: eventKind(kind), itemId: columns.id, actor: who });
    if (row.scheduled_at) await recordSchedule(trx, kind, who, { id: columns.id, title: String(columns.title ?? '') }, null, row.scheduled_at);
    return 'created' as const;
  });
}

/**
 * Updates the columns given (absent ones stay) and, when `categoryIds` is given, replaces the
 * item's category links — all in one transaction, so a refused category undoes the update. A
 * write that changes the text or fields adds a revision (revisions/repo.ts), in the same transaction.
 */
export async function updateContent(
  db: Knex,
  kind: ContentKind,
  id: string,
  columns: Record<string, unknown>,
  categoryIds?: string[],
  /** Called in the transaction after the write with the row as it was (articles: their notifications). */
  inTransaction?: (trx: Knex.Transaction, before: ContentRow) => Promise<void>,
  { actor }: WriteOptions = {},
): Promise<'updated' | 'not_found' | UnusableCategories> {
  const ts = now();
  const written = withScheduleOwner(columns, actor);
  const schedules = written.scheduled_at !== undefined;
  return transactionOrRefusal(db, async (trx, refuse: (result: UnusableCategories) => never) => {
    // Read under the row's lock (PostgreSQL), so two publishes racing see one transition between them.
    const locked = inTransaction || schedules;
    const before: ContentRow | undefined = locked ? await trx(kind.table).where({ id }).forUpdate().first(kind.columns) : undefined;
    if (locked && !before) return 'not_found' as const;
    const updated = await trx(kind.table)
      .where({ id })
      .update({ ...withPublishStamp(trx, written, ts), updated_at: ts });
    if (!updated) return 'not_found' as const;
    if (categoryIds) {
      const linked: string[] = await trx(kind.linkTable).where(kind.linkColumn, id).pluck('category_id');
      const unusable = await unusableCategories(trx, categoryIds, linked);
      if (unusable) refuse(unusable);
      await trx(kind.linkTable).where(kind.linkColumn, id).delete();
      await linkCategories(trx, kind, id, categoryIds);
    }
    const who = actor ?? UNKNOWN_ACTOR;
    if (touchesRevisionFields(kind, written, categoryIds)) await recordEvent(trx, { type: 'content.written', kind: eventKind(kind), itemId: id, actor: who });
    if (schedules) await recordSchedule(trx, kind, who, { id, title: String(written.title ?? before!.title) }, before!.scheduled_at, written.scheduled_at);
    if (inTransaction) await inTransaction(trx, before!);
    return 'updated' as const;
  });
}

/**
 * Deletes the item, its likes (user_interactions has no foreign key to the item) and — through
 * ON DELETE CASCADE — its category links and, for articles, its comments. False when there was no such item.
 * `actor`: the editor deleting it, whom the deletion's event names (the audit log).
 */
export async function deleteContent(db: Knex, kind: ContentKind, id: string, { actor }: WriteOptions = {}): Promise<boolean> {
  return db.transaction(async (trx) => {
    const [before] = await lockedRows(trx, kind, [id]);
    if (!before) return false;
    await removeItems(trx, kind, [before], actor);
    return true;
  });
}

/** The rows as they are, locked until the transaction ends (PostgreSQL; SQLite has one writer anyway). */
function lockedRows(trx: Knex.Transaction, kind: ContentKind, ids: string[]): Promise<ContentRow[]> {
  return trx(kind.table).whereIn('id', ids).forUpdate().select(kind.columns);
}

/** What single and bulk deletes share: each row's event while it still exists (its likes and revisions go), then the rows. */
async function removeItems(trx: Knex.Transaction, kind: ContentKind, rows: ContentRow[], actor: EventActor | undefined): Promise<void> {
  for (const row of rows) {
    const was = { status: row.status, isArchived: toBool(row.is_archived) };
    await recordEvent(trx, { type: 'content.deleted', kind: eventKind(kind), itemId: row.id, title: row.title, was, ...(actor ? { actor } : {}) });
  }
  await trx(kind.table)
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .delete();
}

/** A bulk change refused because these ids name no item; nothing was written. */
export interface UnknownItems {
  kind: 'unknown_items';
  ids: string[];
}

/**
 * One change applied to many items in ONE transaction: `columns` for each item it changes (items
 * already so are left alone and not counted), or 'delete' (each deletion's event names `actor`).
 * `each` runs in the transaction for every item the columns changed, with the row as it was (the
 * audit log, the author's notifications). Any unknown id refuses the whole change before anything
 * is written.
 */
export async function bulkChangeContent(
  db: Knex,
  kind: ContentKind,
  ids: string[],
  change: Record<string, unknown> | 'delete',
  each?: (trx: Knex.Transaction, before: ContentRow) => Promise<void>,
  { actor }: WriteOptions = {},
): Promise<{ changed: number } | UnknownItems> {
  const ts = now();
  return db.transaction(async (trx) => {
    const rows = await lockedRows(trx, kind, ids);
    const found = new Set(rows.map((r) => r.id));
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length) return { kind: 'unknown_items' as const, ids: unknown };
    if (change === 'delete') {
      await removeItems(trx, kind, rows, actor);
      return { changed: rows.length };
    }
    const changing = rows.filter((row) => Object.entries(change).some(([column, value]) => !sameValue(row[column as keyof ContentRow], value)));
    if (!changing.length) return { changed: 0 };
    await trx(kind.table)
      .whereIn(
        'id',
        changing.map((r) => r.id),
      )
      .update({ ...withPublishStamp(trx, change, ts), updated_at: ts });
    for (const row of changing) await each?.(trx, row);
    return { changed: changing.length };
  });
}

/** A column as read (SQLite's 0/1 flags, timestamps) against a value about to be written. */
function sameValue(current: unknown, next: unknown): boolean {
  if (typeof next === 'boolean') return toBool(current) === next;
  if (next === null) return current === null || current === undefined;
  return current === next;
}

/** Column changes of the status, archive and featured toggles (shared by articles and episodes). */
export const statusColumns = (b: { status: string }): ContentWrite => ({ columns: { status: b.status } });
export const archiveColumns = (b: { isArchived: boolean }): ContentWrite => ({ columns: { is_archived: b.isArchived } });
export const featuredColumns = (b: { isFeatured: boolean }): ContentWrite => ({ columns: { is_featured: b.isFeatured } });
