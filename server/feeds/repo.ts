import type { Knex } from 'knex';
import { LIMITS } from '../../contracts/common';
import { ARTICLES, PODCASTS, type ContentKind } from '../api/content/kinds';
import { listContent, loadRelations, type ContentRow, type Relations } from '../api/content/repo';
import type { ArticleRow } from '../api/news/repo';
import type { PodcastRow } from '../api/podcasts/repo';
import { authorsByIds } from '../api/users/repo';
import type { AuthorRow } from '../api/users/presenter';

/** How many items a feed carries (the newest). */
export const FEED_SIZE = LIMITS.pageSize;

export interface FeedItems<R> {
  rows: R[];
  relations: Relations;
  authors: Map<string, AuthorRow>;
}

/**
 * The newest published, non-archived items exactly as an anonymous visitor's list shows them
 * (drafts can never leak: the list query is the one the public API uses), with categories and
 * authors: three queries whatever the count.
 */
async function feedItems<R extends ContentRow>(
  db: Knex,
  kind: ContentKind,
  { categoryIds = [], whereNotNull }: { categoryIds?: string[]; whereNotNull?: string[] } = {},
): Promise<FeedItems<R>> {
  const { rows } = await listContent<R>(db, kind, { withDrafts: false, limit: FEED_SIZE, categoryIds, archivedOnly: false, whereNotNull });
  const [relations, authors] = await Promise.all([loadRelations(db, kind, rows), authorsByIds(db, rows.map((r) => r.author_id))]);
  return { rows, relations, authors };
}

export const articleFeedItems = (db: Knex, categoryIds?: string[]) => feedItems<ArticleRow>(db, ARTICLES, { categoryIds });
/**
 * Episodes with an audio file only: podcast apps have nothing to play in one that only links to a
 * page elsewhere (docs/feeds-and-search.md).
 */
export const podcastFeedItems = (db: Knex) => feedItems<PodcastRow>(db, PODCASTS, { whereNotNull: ['audio_url'] });

export interface CategoryRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
}

/** An active news category by slug. */
export async function activeCategoryBySlug(db: Knex, slug: string): Promise<CategoryRow | undefined> {
  return db('news_categories').where({ slug, is_active: true }).first('id', 'name', 'slug', 'description');
}

export interface AudioObject {
  size: number;
  contentType: string;
}

/** Size and type of finalised uploaded audio, by object id: one query for the whole feed. */
export async function audioObjects(db: Knex, ids: string[]): Promise<Map<string, AudioObject>> {
  if (!ids.length) return new Map();
  const rows: Array<{ id: string; size: unknown; content_type: string }> = await db('objects')
    .whereIn('id', ids)
    .where('kind', 'audio')
    .whereNotNull('finalized_at')
    .select('id', 'size', 'content_type');
  return new Map(rows.map((r) => [r.id, { size: Number(r.size), contentType: r.content_type }]));
}
