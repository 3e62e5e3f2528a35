import type { Knex } from 'knex';
import { REVISIONS_KEPT } from '../../../contracts/revisions';
import { v7 as uuidv7 } from 'uuid';
import { toIso } from '../../db/dialect';
import type { EventActor } from '../../events/index';
import { ARTICLES, type ContentKind } from '../content/kinds';

/*
 * Revisions: the last saved versions of an article's or episode's text and fields, written by
 * content/repo.ts (createContent, updateContent) in the write's own transaction. `data` holds the
 * fields under their input names (ArticlePatchInput, PodcastPatchInput), so a restore is an
 * ordinary update through articleWrite/podcastWrite. Status, archive and featured are not text:
 * their toggles write no revision.
 */

/** The kind's name in `content_revisions.kind`. */
export const revisionKind = (kind: ContentKind) => (kind === ARTICLES ? 'article' : 'episode');

export type RevisionData = Record<string, unknown> & { categoryIds: string[] };

/** Whether a write of these columns (or categories) can change what a revision holds. */
export function touchesRevisionFields(kind: ContentKind, columns: Record<string, unknown>, categoryIds?: string[]): boolean {
  return Boolean(categoryIds) || Object.values(kind.fields).some((c) => columns[c] !== undefined);
}

/** The item's fields as they are now (in `trx`), with its category ids sorted. */
async function snapshot(trx: Knex.Transaction, kind: ContentKind, itemId: string): Promise<RevisionData | undefined> {
  const fields = kind.fields;
  const row: Record<string, unknown> | undefined = await trx(kind.table).where({ id: itemId }).first(Object.values(fields));
  if (!row) return undefined;
  const categoryIds: string[] = await trx(kind.linkTable).where(kind.linkColumn, itemId).orderBy('category_id').pluck('category_id');
  const data: RevisionData = { categoryIds };
  const json = new Set(kind.jsonColumns ?? []);
  for (const [field, column] of Object.entries(fields)) {
    const value = row[column] ?? null;
    data[field] = json.has(column) && typeof value === 'string' ? JSON.parse(value) : value;
  }
  return data;
}

/**
 * Adds a revision of the item as it now is, unless it equals the newest one (a save that changed
 * nothing), and deletes those beyond the newest REVISIONS_KEPT. In the write's transaction.
 */
export async function writeRevision(trx: Knex.Transaction, kind: ContentKind, itemId: string, author: EventActor): Promise<void> {
  const data = await snapshot(trx, kind, itemId);
  if (!data) return;
  const json = JSON.stringify(data);
  const k = revisionKind(kind);
  const newest: { data: string } | undefined = await trx('content_revisions').where({ kind: k, item_id: itemId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).first('data');
  if (newest?.data === json) return;
  await trx('content_revisions').insert({ id: uuidv7(), kind: k, item_id: itemId, author_id: author.id, author_name: author.name.slice(0, 300), created_at: new Date().toISOString(), data: json });
  const keep = trx('content_revisions')
    .where({ kind: k, item_id: itemId })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(REVISIONS_KEPT)
    .select('id');
  // Through a derived table: an IN subquery with its own ORDER BY/LIMIT is not portable.
  await trx('content_revisions')
    .where({ kind: k, item_id: itemId })
    .whereNotIn('id', trx.select('id').from(keep.as('kept')))
    .delete();
}

export interface RevisionRow {
  id: string;
  author_id: string | null;
  author_name: string;
  created_at: unknown;
  data?: string;
}

/** The item's revisions, newest first (at most REVISIONS_KEPT exist). */
export function listRevisions(db: Knex, kind: ContentKind, itemId: string): Promise<RevisionRow[]> {
  return db('content_revisions')
    .where({ kind: revisionKind(kind), item_id: itemId })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .select('id', 'author_id', 'author_name', 'created_at');
}

export function findRevision(db: Knex, kind: ContentKind, itemId: string, revisionId: string): Promise<RevisionRow | undefined> {
  return db('content_revisions')
    .where({ kind: revisionKind(kind), item_id: itemId, id: revisionId })
    .first('id', 'author_id', 'author_name', 'created_at', 'data');
}

/** A revision's fields (the JSON the table holds). */
export function revisionData(row: RevisionRow): RevisionData {
  return JSON.parse(row.data ?? '{"categoryIds":[]}') as RevisionData;
}

export const revisionTime = (row: RevisionRow) => toIso(row.created_at)!;

/** With the item, in its deleting transaction (content/repo.ts deleteContent). */
export async function deleteRevisionsOf(trx: Knex.Transaction, kind: ContentKind, itemId: string): Promise<void> {
  await trx('content_revisions').where({ kind: revisionKind(kind), item_id: itemId }).delete();
}
