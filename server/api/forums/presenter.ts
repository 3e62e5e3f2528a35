import type { ContentStatus } from '../../../contracts/common';
import type { Discussion, DiscussionDetail, ForumCategory, Reply } from '../../../contracts/forums';
import { toBool, toInt, toIso } from '../../db/dialect';
import { presentAuthor, type AuthorRow } from '../users/presenter';
import { hiddenField } from '../moderation/visibility';

export interface ForumCategoryRow {
  id: string;
  name: string;
  description: string | null;
  icon: string | null;
  color: string | null;
  discussion_count: unknown;
  created_at: unknown;
  last_activity_at: unknown;
}

/** A forum_discussions row with its category's name joined in (null when the category is gone). */
export interface DiscussionRow {
  id: string;
  title: string;
  content: string;
  category_id: string | null;
  category_name: string | null;
  author_id: string | null;
  is_pinned: unknown;
  is_locked: unknown;
  is_featured: unknown;
  reply_count: unknown;
  likes: unknown;
  last_reply_at: unknown;
  status: string;
  created_at: unknown;
  updated_at: unknown;
  edited_at?: unknown;
  answer_reply_id?: string | null;
  hidden_at?: unknown;
  hidden_reason?: string | null;
}

export interface ReplyRow {
  id: string;
  content: string;
  discussion_id: string;
  parent_reply_id: string | null;
  author_id: string | null;
  likes: unknown;
  written_at: unknown;
  created_at: unknown;
  edited_at?: unknown;
  hidden_at?: unknown;
  hidden_reason?: string | null;
}

export interface DiscussionNewsCategoryRow {
  discussion_id: string;
  id: string;
  name: string;
  slug: string;
  color: string;
}

export function presentForumCategory(row: ForumCategoryRow): ForumCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    color: row.color,
    discussionCount: toInt(row.discussion_count),
    lastActivityAt: toIso(row.last_activity_at),
    createdAt: toIso(row.created_at)!,
  };
}

export function presentDiscussion(
  row: DiscussionRow,
  authors: Map<string, AuthorRow>,
  newsCategories: Map<string, DiscussionNewsCategoryRow[]>,
): Discussion {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    categoryId: row.category_id,
    category: row.category_id && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    newsCategories: (newsCategories.get(row.id) ?? []).map((c) => ({ id: c.id, name: c.name, slug: c.slug, color: c.color })),
    authorId: row.author_id,
    author: presentAuthor(row.author_id ? authors.get(row.author_id) : undefined),
    replyCount: toInt(row.reply_count),
    likes: toInt(row.likes),
    isPinned: toBool(row.is_pinned),
    isLocked: toBool(row.is_locked),
    isFeatured: toBool(row.is_featured),
    status: row.status as ContentStatus,
    lastReplyAt: toIso(row.last_reply_at),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
    editedAt: toIso(row.edited_at) ?? null,
    answerReplyId: row.answer_reply_id ?? null,
    ...hiddenField(row),
  };
}

export function presentReply(row: ReplyRow, authors: Map<string, AuthorRow>): Reply {
  return {
    id: row.id,
    content: row.content,
    discussionId: row.discussion_id,
    parentReplyId: row.parent_reply_id,
    authorId: row.author_id,
    author: presentAuthor(row.author_id ? authors.get(row.author_id) : undefined),
    likes: toInt(row.likes),
    writtenAt: toIso(row.written_at),
    createdAt: toIso(row.created_at)!,
    editedAt: toIso(row.edited_at) ?? null,
    ...hiddenField(row),
  };
}

export function presentDiscussionDetail(
  row: DiscussionRow,
  replies: ReplyRow[],
  authors: Map<string, AuthorRow>,
  newsCategories: Map<string, DiscussionNewsCategoryRow[]>,
): DiscussionDetail {
  return { ...presentDiscussion(row, authors, newsCategories), replies: replies.map((r) => presentReply(r, authors)) };
}
