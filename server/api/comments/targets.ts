import type { EditedPost } from '../edits/repo';

/**
 * What a comment hangs on: articles (news_comments) and podcast episodes (podcast_comments) keep
 * their comments in tables of the same shape, only the parent differs. A target names them so one
 * repo, presenter, policy and set of handlers serves both.
 */
export interface CommentTarget {
  table: 'news_comments' | 'podcast_comments';
  /** The comment's column naming its parent. */
  parentColumn: 'article_id' | 'podcast_id';
  /** The parent's table, which carries the maintained `comment_count`. */
  parentTable: 'news_articles' | 'podcast_episodes';
  /** The parent's id as the API names it on a comment. */
  parentField: 'articleId' | 'podcastId';
  /** The column of post_edits that names a comment of this kind (its edit history). */
  editColumn: Extract<EditedPost, 'news_comment_id' | 'podcast_comment_id'>;
}

export const ARTICLE_COMMENTS: CommentTarget = {
  table: 'news_comments',
  parentColumn: 'article_id',
  parentTable: 'news_articles',
  parentField: 'articleId',
  editColumn: 'news_comment_id',
};

export const EPISODE_COMMENTS: CommentTarget = {
  table: 'podcast_comments',
  parentColumn: 'podcast_id',
  parentTable: 'podcast_episodes',
  parentField: 'podcastId',
  editColumn: 'podcast_comment_id',
};

/**
 * What editing a post needs of its table (editComment): forum replies are edited the comments' way,
 * though they are not comments in every other respect.
 */
export interface EditTarget {
  table: CommentTarget['table'] | 'forum_replies';
  parentColumn: CommentTarget['parentColumn'] | 'discussion_id';
  editColumn: EditedPost;
}

export const FORUM_REPLY_EDITS: EditTarget = { table: 'forum_replies', parentColumn: 'discussion_id', editColumn: 'reply_id' };
