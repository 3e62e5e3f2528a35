import type { Knex } from 'knex';
import type { CategoryRef } from '../../../contracts/news';
import type { ShowRef } from '../../../contracts/podcasts';
import { now, toBool, toIso } from '../../db/dialect';
import { transactionOrRefusal } from '../../db/transaction';
import { deleteLikesOf, likedByViewerColumn } from '../likes/repo';
import { encodeCursor, type ListCursor } from '../cursor';
import type { ContentKind } from './kinds';
import { isPublished, wherePublished } from './visibility';

/** The columns articles and podcast episodes share. */
export interface ContentRow {
  id: string;
  status: string;
  is_archived: unknown;
  is_featured: unknown;
  likes: number;
  author_id: string | null;
  published_at: unknown;
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
  /** Editors and admins (policy canSeeDrafts) also get drafts. */
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
 * One page in ONE query, newest first: never-published drafts (publishedAt null, editors only)
 * first, then publishedAt desc, createdAt desc, id desc. Fetches one row more than asked to know
 * whether another page exists.
 *
 * Each part is read in index order, never by sorting the table: visitors see only the published
 * part (`news_articles_list_idx`); editors get the union of the first `limit + 1` drafts and the
 * first `limit + 1` published rows (`…_editor_list_idx`), so at most 2 × (limit + 1) rows are sorted
 * however large the table grows.
 */
export async function listContent<R extends ContentRow>(db: Knex, kind: ContentKind, f: ListFilter): Promise<Page<R>> {
  const t = kind.table;
  const col = (c: string) => `${t}.${c}`;
  const withDrafts = f.withDrafts;
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
  const newestFirst = (q: Knex.QueryBuilder) => q.orderBy(col('created_at'), 'desc').orderBy(col('id'), 'desc').limit(f.limit + 1);
  // Strictly after (createdAt, id) in descending order.
  const afterCreated = (w: Knex.QueryBuilder, createdAt: string, id: string) =>
    w.where(col('created_at'), '<', createdAt).orWhere((x) => x.where(col('created_at'), createdAt).andWhere(col('id'), '<', id));

  // Published items always carry publishedAt (every writer stamps it on first publish).
  const published = filtered().whereNotNull(col('published_at'));
  if (!withDrafts) wherePublished(published, t);
  const [cursorPublishedAt, cursorCreatedAt, cursorId] = f.before ?? [];
  if (f.before && cursorPublishedAt !== null) {
    published.where((w) =>
      w
        .where(col('published_at'), '<', cursorPublishedAt!)
        .orWhere((x) => x.where(col('published_at'), cursorPublishedAt!).andWhere((y) => afterCreated(y, cursorCreatedAt!, cursorId!))),
    );
  }
  newestFirst(published.orderBy(col('published_at'), 'desc'));

  let rows: R[];
  // A cursor inside the published part leaves no drafts to show.
  if (!withDrafts || (f.before && cursorPublishedAt !== null)) {
    rows = (await published) as R[];
  } else {
    const drafts = filtered().whereNull(col('published_at'));
    if (f.before) drafts.where((w) => afterCreated(w, cursorCreatedAt!, cursorId!));
    newestFirst(drafts);
    // Subqueries keep each part's own ORDER BY and LIMIT; drafts (null publishedAt) sort first.
    const both = db
      .select('*')
      .from(db.select('*').from(drafts.as('d')).unionAll(db.select('*').from(published.as('p'))).as('u'))
      .orderBy(db.raw('(published_at is null)'), 'desc')
      .orderBy('published_at', 'desc')
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

/** `viewerId`: whose like the row carries (`viewer_liked`), when someone is signed in. */
export async function findContent<R extends ContentRow>(db: Knex, kind: ContentKind, id: string, viewerId?: string): Promise<R | undefined> {
  return (await db(kind.table).where(`${kind.table}.id`, id).first(itemColumns(db, kind, viewerId))) as R | undefined;
}

/** The item's columns, and for a signed-in viewer whether they like it, in the same statement. */
function itemColumns(db: Knex, kind: ContentKind, viewerId: string | undefined): Array<string | Knex.Raw> {
  const columns: Array<string | Knex.Raw> = kind.columns.map((c) => `${kind.table}.${c}`);
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

/** Inserts the item and its category links in one transaction: a bad category leaves nothing behind. */
export async function createContent(
  db: Knex,
  kind: ContentKind,
  columns: Record<string, unknown> & { id: string; status: string },
  categoryIds: string[],
): Promise<'created' | UnusableCategories> {
  const ts = now();
  return db.transaction(async (trx) => {
    const unusable = await unusableCategories(trx, categoryIds, []);
    if (unusable) return unusable;
    await trx(kind.table).insert({
      ...columns,
      published_at: isPublished(columns) ? ts : null,
      created_at: ts,
      updated_at: ts,
    });
    await linkCategories(trx, kind, columns.id, categoryIds);
    return 'created' as const;
  });
}

/**
 * Updates the columns given (absent ones stay) and, when `categoryIds` is given, replaces the
 * item's category links — all in one transaction, so a refused category undoes the update.
 */
export async function updateContent(
  db: Knex,
  kind: ContentKind,
  id: string,
  columns: Record<string, unknown>,
  categoryIds?: string[],
  /** Called in the transaction after the write with the row as it was (articles: their notifications). */
  inTransaction?: (trx: Knex.Transaction, before: ContentRow) => Promise<void>,
): Promise<'updated' | 'not_found' | UnusableCategories> {
  const ts = now();
  return transactionOrRefusal(db, async (trx, refuse: (result: UnusableCategories) => never) => {
    // Read under the row's lock (PostgreSQL), so two publishes racing see one transition between them.
    const before: ContentRow | undefined = inTransaction ? await trx(kind.table).where({ id }).forUpdate().first(kind.columns) : undefined;
    if (inTransaction && !before) return 'not_found' as const;
    const updated = await trx(kind.table)
      .where({ id })
      .update({ ...withPublishStamp(trx, columns, ts), updated_at: ts });
    if (!updated) return 'not_found' as const;
    if (categoryIds) {
      const linked: string[] = await trx(kind.linkTable).where(kind.linkColumn, id).pluck('category_id');
      const unusable = await unusableCategories(trx, categoryIds, linked);
      if (unusable) refuse(unusable);
      await trx(kind.linkTable).where(kind.linkColumn, id).delete();
      await linkCategories(trx, kind, id, categoryIds);
    }
    if (inTransaction) await inTransaction(trx, before!);
    return 'updated' as const;
  });
}

/**
 * Deletes the item, its likes (user_interactions has no foreign key to the item) and — through
 * ON DELETE CASCADE — its category links and, for articles, its comments.
 */
/** false when there was no such item. */
export async function deleteContent(db: Knex, kind: ContentKind, id: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    await deleteLikesOf(trx, kind.likeTarget, id);
    return (await trx(kind.table).where({ id }).delete()) > 0;
  });
}

/** Column changes of the status, archive and featured toggles (shared by articles and episodes). */
export const statusColumns = (b: { status: string }): ContentWrite => ({ columns: { status: b.status } });
export const archiveColumns = (b: { isArchived: boolean }): ContentWrite => ({ columns: { is_archived: b.isArchived } });
export const featuredColumns = (b: { isFeatured: boolean }): ContentWrite => ({ columns: { is_featured: b.isFeatured } });
