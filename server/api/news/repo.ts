import type { Knex } from 'knex';
import type { ArticlePatchInput } from '../../../contracts/news';
import { insertComment as insertAnyComment, type ClientWrite, type CommentRow } from '../comments/repo';
import { ARTICLE_COMMENTS } from '../comments/targets';
import { scheduleColumns, type ContentRow, type ContentWrite } from '../content/repo';
import { wherePublicContent } from '../content/visibility';

export interface ArticleRow extends ContentRow {
  title: string;
  content: string;
  excerpt: string | null;
  image_url: string | null;
  thumbnail_url: string | null;
  source_url: string | null;
  source_name: string | null;
  category: string | null;
  comment_count: number;
}

const ARTICLE_COLUMNS = {
  title: 'title',
  content: 'content',
  excerpt: 'excerpt',
  imageUrl: 'image_url',
  thumbnailUrl: 'thumbnail_url',
  sourceUrl: 'source_url',
  sourceName: 'source_name',
  category: 'category',
  status: 'status',
  isFeatured: 'is_featured',
} as const satisfies Partial<Record<keyof ArticlePatchInput, string>>;

/** A validated create/update body → columns; fields not sent (undefined) are left out. */
export function articleWrite(input: ArticlePatchInput): ContentWrite {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(ARTICLE_COLUMNS)) {
    const value = input[field as keyof typeof ARTICLE_COLUMNS];
    if (value !== undefined) columns[column] = value;
  }
  Object.assign(columns, scheduleColumns(input.scheduledAt));
  return { columns, categoryIds: input.categoryIds };
}

// ---------------------------------------------------------------- comments

/**
 * An article's comment, written as the offline outbox would (server/api/comments holds the shared
 * comment code; tests and fixtures seed article comments through this).
 */
export function insertComment(
  db: Knex,
  articleId: string,
  authorId: string,
  content: string,
  client?: ClientWrite,
  inTransaction?: (trx: Knex.Transaction, comment: CommentRow) => Promise<unknown>,
) {
  return insertAnyComment(db, ARTICLE_COMMENTS, articleId, authorId, content, client, inTransaction);
}

/** The sitemap's articles: id and last change of the newest `limit` public ones. */
export function listPublicArticleStamps(db: Knex, limit: number): Promise<Array<{ id: string; updated_at: unknown }>> {
  return wherePublicContent(db('news_articles')).orderBy('published_at', 'desc').limit(limit).select('id', 'updated_at');
}
