import type { MentionSuggestion } from '../../../contracts/notifications';
import type { MemberArticle, MemberDiscussion, MemberProfile, MemberRef } from '../../../contracts/profile';
import { fromJson, toInt, toIso } from '../../db/dialect';

/**
 * The public columns of a member. Email, role, the active flag (read only to decide whether the
 * page exists), password hash and sessions are never selected into these rows, so no presenter
 * change can leak them.
 */
export interface MemberRefRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  profile_image_url: string | null;
}

export interface MemberRow extends MemberRefRow {
  company: string | null;
  bio: string | null;
  expertise_tags: unknown;
  badges: unknown;
  points: unknown;
  created_at: unknown;
  is_active: unknown;
  article_count: unknown;
  discussion_count: unknown;
}

export interface MemberArticleRow {
  id: string;
  title: string;
  published_at: unknown;
  comment_count: unknown;
  likes: unknown;
}

export interface MemberDiscussionRow {
  id: string;
  title: string;
  reply_count: unknown;
  likes: unknown;
  created_at: unknown;
}

export function presentMemberRef(row: MemberRefRow): MemberRef {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title,
    profileImageUrl: row.profile_image_url,
  };
}

/** A member as the mention autocomplete offers them: id, shown name, avatar. */
export function presentMentionSuggestion(row: MemberRefRow): MentionSuggestion {
  return {
    id: row.id,
    name: [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Member',
    profileImageUrl: row.profile_image_url,
  };
}

export function presentMember(row: MemberRow, articles: MemberArticleRow[], discussions: MemberDiscussionRow[]): MemberProfile {
  return {
    ...presentMemberRef(row),
    company: row.company,
    bio: row.bio,
    expertiseTags: fromJson<string[]>(row.expertise_tags, []),
    badges: fromJson<string[]>(row.badges, []),
    points: toInt(row.points),
    joinedAt: toIso(row.created_at)!,
    articleCount: toInt(row.article_count),
    discussionCount: toInt(row.discussion_count),
    articles: articles.map(presentMemberArticle),
    discussions: discussions.map(presentMemberDiscussion),
  };
}

function presentMemberArticle(row: MemberArticleRow): MemberArticle {
  return {
    id: row.id,
    title: row.title,
    publishedAt: toIso(row.published_at),
    commentCount: toInt(row.comment_count),
    likes: toInt(row.likes),
  };
}

function presentMemberDiscussion(row: MemberDiscussionRow): MemberDiscussion {
  return {
    id: row.id,
    title: row.title,
    replyCount: toInt(row.reply_count),
    likes: toInt(row.likes),
    createdAt: toIso(row.created_at)!,
  };
}
