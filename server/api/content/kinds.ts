import type { LikeTargetType } from '../likes/repo';

/**
 * Articles and podcast episodes are the same kind of thing to the database: a row with status,
 * archive and featured flags, a maintained `likes` counter, and news categories through a link
 * table. A kind names the tables so the shared repo in this folder serves both.
 */
export interface ContentKind {
  table: 'news_articles' | 'podcast_episodes';
  linkTable: 'article_categories' | 'podcast_categories';
  linkColumn: 'article_id' | 'podcast_id';
  likeTarget: LikeTargetType;
  notFoundMessage: string;
  /** Episodes belong to a show (podcast_shows); its reference is loaded with the other relations. */
  showColumn?: 'show_id';
}

export const ARTICLES: ContentKind = {
  table: 'news_articles',
  linkTable: 'article_categories',
  linkColumn: 'article_id',
  likeTarget: 'article',
  notFoundMessage: 'Article not found',
};

export const PODCASTS: ContentKind = {
  table: 'podcast_episodes',
  linkTable: 'podcast_categories',
  linkColumn: 'podcast_id',
  likeTarget: 'podcast',
  notFoundMessage: 'Podcast episode not found',
  showColumn: 'show_id',
};
