import type { Article, ArticleSummary, Comment } from '../../../contracts/news';
import { excerptOrContent, readingMinutes } from '../../../contracts/text';
import { toIso } from '../../db/dialect';
import { presentContentFields } from '../content/presenter';
import type { Relations } from '../content/repo';
import { presentAuthor, type AuthorRow } from '../users/presenter';
import type { ArticleRow, CommentRow } from './repo';

export function presentArticle(row: ArticleRow, rel: Relations): Article {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    thumbnailUrl: row.thumbnail_url,
    sourceUrl: row.source_url,
    sourceName: row.source_name,
    category: row.category,
    commentCount: Number(row.comment_count) || 0,
    ...presentContentFields(row, rel),
  };
}

/** `view=card`: the card's text instead of the whole article (a page of 12 full texts is ~75 KB). */
export function presentArticleSummary(row: ArticleRow, rel: Relations): ArticleSummary {
  const { content, ...card } = presentArticle(row, rel);
  return { ...card, summary: excerptOrContent(row.excerpt, content), readingMinutes: readingMinutes(content) };
}

export function presentComment(row: CommentRow, authors: Map<string, AuthorRow>): Comment {
  return {
    id: row.id,
    articleId: row.article_id,
    authorId: row.author_id,
    content: row.content,
    writtenAt: toIso(row.written_at),
    createdAt: toIso(row.created_at)!,
    author: row.author_id ? presentAuthor(authors.get(row.author_id)) : null,
  };
}
