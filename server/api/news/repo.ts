import type { Knex } from 'knex';
import type { ArticlePatchInput } from '../../../contracts/news';
import { insertComment as insertAnyComment, type ClientWrite, type CommentRow } from '../comments/repo';
import { ARTICLE_COMMENTS } from '../comments/targets';
import { contentWrite, type ContentRow, type ContentWrite } from '../content/repo';
import { ARTICLES } from '../content/kinds';
import { whereListedPublicly } from '../content/visibility';

export interface ArticleRow extends ContentRow {
  title: string;
  content: string;
  excerpt: string | null;
  image_url: string | null;
  thumbnail_url: string | null;
  source_url: string | null;
  source_name: string | null;
  category: string | null;
  learning_objectives?: string | null;
  comment_count: number;
}

/** A validated create/update body → columns; fields not sent (undefined) are left out. */
export const articleWrite = (input: ArticlePatchInput): ContentWrite => contentWrite(ARTICLES, input);

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
  return whereListedPublicly(db('news_articles'), 'article').orderBy('published_at', 'desc').limit(limit).select('id', 'updated_at');
}
