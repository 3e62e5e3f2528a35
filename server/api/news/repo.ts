import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { ArticlePatchInput } from '../../../contracts/news';
import { now } from '../../db/dialect';
import { existingClientRow, retryOnClientIdRace } from '../client-ids';
import type { AscCursor } from '../cursor';
import type { ContentRow, ContentWrite } from '../content/repo';
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
  return { columns, categoryIds: input.categoryIds };
}

// ---------------------------------------------------------------- comments

export interface CommentRow {
  id: string;
  article_id: string;
  author_id: string | null;
  content: string;
  /** When the author wrote it offline (null when posted straight away). */
  written_at: unknown;
  created_at: unknown;
}

/** Oldest first; one row more than `limit` tells the caller another page exists. */
export async function listComments(db: Knex, articleId: string, limit: number, after?: AscCursor): Promise<CommentRow[]> {
  const q = db<CommentRow>('news_comments').where({ article_id: articleId });
  if (after) {
    const [createdAt, id] = after;
    q.andWhere((w) => w.where('created_at', '>', createdAt).orWhere((x) => x.where('created_at', createdAt).andWhere('id', '>', id)));
  }
  return q.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit + 1);
}

export async function findComment(db: Knex, id: string): Promise<CommentRow | undefined> {
  return db<CommentRow>('news_comments').where({ id }).first();
}

/** A client-chosen id and writing time (both optional), sent by the offline outbox. */
export interface ClientWrite {
  id?: string;
  /** Already checked against the author's account and clamped (`acceptedWrittenAt`). */
  writtenAt?: string | null;
}

/**
 * Inserts the comment and bumps the article's comment_count in one transaction. With a client id
 * that this author already used on this article, nothing is written and `created` is false.
 * Undefined, with nothing written, when the article no longer exists.
 */
export async function insertComment(
  db: Knex,
  articleId: string,
  authorId: string,
  content: string,
  client: ClientWrite = {},
  /** Called inside the transaction that writes the comment, only when this call wrote it (the route's notifications). */
  inTransaction?: (trx: Knex.Transaction, comment: CommentRow) => Promise<unknown>,
): Promise<(CommentRow & { created: boolean }) | undefined> {
  const row: CommentRow = { id: client.id ?? uuidv7(), article_id: articleId, author_id: authorId, content, written_at: client.writtenAt ?? null, created_at: now() };
  const outcome = await retryOnClientIdRace(client.id, () =>
    db.transaction(async (trx) => {
      if (client.id && (await existingClientRow(trx, 'news_comments', client.id, { article_id: articleId, author_id: authorId }))) return 'existing' as const;
      // Counter first: it locks the article row on pg, so a concurrent delete cannot slip between.
      const bumped = await trx('news_articles')
        .where({ id: articleId })
        .update({ comment_count: trx.raw('?? + 1', ['comment_count']) });
      if (!bumped) return 'no_article' as const;
      await trx('news_comments').insert(row);
      await inTransaction?.(trx, row);
      return 'created' as const;
    }),
  );
  if (outcome === 'no_article') return undefined;
  if (outcome === 'created') return { ...row, created: true };
  return { ...(await findComment(db, row.id))!, created: false };
}

/** Deletes the comment; the counter only moves if this call really removed it (false when it was gone). */
export async function deleteComment(db: Knex, comment: CommentRow): Promise<boolean> {
  return db.transaction(async (trx) => {
    const deleted = await trx('news_comments').where({ id: comment.id }).delete();
    if (!deleted) return false;
    await trx('news_articles')
      .where({ id: comment.article_id })
      .update({ comment_count: trx.raw('?? - 1', ['comment_count']) });
    return true;
  });
}

/** The sitemap's articles: id and last change of the newest `limit` public ones. */
export function listPublicArticleStamps(db: Knex, limit: number): Promise<Array<{ id: string; updated_at: unknown }>> {
  return wherePublicContent(db('news_articles')).orderBy('published_at', 'desc').limit(limit).select('id', 'updated_at');
}
