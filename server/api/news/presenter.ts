import type { Article, ArticleSummary } from '../../../contracts/news';
import { excerptOrContent, readingMinutes } from '../../../contracts/text';
import { presentContentFields } from '../content/presenter';
import type { Relations } from '../content/repo';
import type { ArticleRow } from './repo';

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

/** `view=card`: the card's text instead of the whole article (a page of 12 full texts is heavy to send and parse). */
export function presentArticleSummary(row: ArticleRow, rel: Relations): ArticleSummary {
  const { content, ...card } = presentArticle(row, rel);
  return { ...card, summary: excerptOrContent(row.excerpt, content), readingMinutes: readingMinutes(content) };
}

/** The article's own answer (its GET, and an editor's create and edit): with its learning objectives, which lists leave out. */
export function presentArticleDetail(row: ArticleRow, rel: Relations): Article {
  return { ...presentArticle(row, rel), learningObjectives: row.learning_objectives ?? null };
}
