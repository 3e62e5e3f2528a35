import type { Article, Comment } from '../../../contracts/news';
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
