import type { Knex } from 'knex';
import type { ContentStatus, Role } from '../../../contracts/common';

/*
 * How a generated row is written, table by table: the sample data (./index.ts) and the bench data
 * set (scripts/bench/generate.ts) both build their rows here, so the two look the same way (the
 * same columns, JSON and timestamps encoded alike). Times are milliseconds since the epoch; a row's
 * updated_at is its created_at unless given.
 */

export type Row = Record<string, unknown>;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** Inserts rows (an array or a generator) a batch at a time, within the statement size both engines take. */
export async function insertRows(db: Knex | Knex.Transaction, table: string, rows: Iterable<Row>): Promise<void> {
  const BATCH = 500;
  let batch: Row[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await db(table).insert(batch);
      batch = [];
    }
  }
  if (batch.length) await db(table).insert(batch);
}

export function userRow(u: {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  expertiseTags: readonly string[];
  title: string | null;
  company: string | null;
  bio: string | null;
  points: number;
  badges: readonly string[];
  role: Role;
  isActive: boolean;
  emailConfirmedAt: number | null;
  createdAt: number;
}): Row {
  return {
    id: u.id,
    email: u.email,
    password_hash: u.passwordHash,
    first_name: u.firstName,
    last_name: u.lastName,
    profile_image_url: u.profileImageUrl,
    expertise_tags: JSON.stringify(u.expertiseTags),
    title: u.title,
    company: u.company,
    bio: u.bio,
    points: u.points,
    badges: JSON.stringify(u.badges),
    role: u.role,
    is_active: u.isActive,
    email_confirmed_at: isoOrNull(u.emailConfirmedAt),
    created_at: iso(u.createdAt),
    updated_at: iso(u.createdAt),
  };
}

export function newsCategoryRow(c: {
  id: string;
  name: string;
  slug: string;
  description: string;
  icon: string | null;
  color: string;
  displayOrder: number;
  createdAt: number;
}): Row {
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    icon: c.icon,
    color: c.color,
    display_order: c.displayOrder,
    is_active: true,
    created_at: iso(c.createdAt),
    updated_at: iso(c.createdAt),
  };
}

export function articleRow(a: {
  id: string;
  title: string;
  content: string;
  excerpt: string | null;
  imageUrl: string | null;
  sourceUrl: string | null;
  sourceName: string | null;
  /** The legacy single-category column (the links are in article_categories). */
  category: string | null;
  authorId: string;
  publishedAt: number | null;
  likes: number;
  commentCount: number;
  isArchived: boolean;
  isFeatured: boolean;
  status: ContentStatus;
  createdAt: number;
  updatedAt?: number;
}): Row {
  return {
    id: a.id,
    title: a.title,
    content: a.content,
    excerpt: a.excerpt,
    image_url: a.imageUrl,
    thumbnail_url: null,
    source_url: a.sourceUrl,
    source_name: a.sourceName,
    category: a.category,
    author_id: a.authorId,
    published_at: isoOrNull(a.publishedAt),
    likes: a.likes,
    comment_count: a.commentCount,
    is_archived: a.isArchived,
    is_featured: a.isFeatured,
    status: a.status,
    created_at: iso(a.createdAt),
    updated_at: iso(a.updatedAt ?? a.createdAt),
  };
}

export function commentRow(c: { id: string; articleId: string; authorId: string; content: string; createdAt: number }): Row {
  return { id: c.id, article_id: c.articleId, author_id: c.authorId, content: c.content, created_at: iso(c.createdAt) };
}

export function podcastShowRow(s: {
  id: string;
  name: string;
  slug: string;
  description: string;
  hostName: string;
  displayOrder: number;
  createdAt: number;
}): Row {
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    description: s.description,
    host_name: s.hostName,
    image_url: null,
    display_order: s.displayOrder,
    created_at: iso(s.createdAt),
    updated_at: iso(s.createdAt),
  };
}

export function podcastRow(p: {
  id: string;
  showId: string | null;
  title: string;
  description: string;
  episodeNumber: number;
  /** A file of this site (`/objects/<id>`), with its length and type; a page elsewhere goes in externalUrl. */
  audioUrl: string | null;
  audioBytes?: number | null;
  audioType?: string | null;
  externalUrl?: string | null;
  imageUrl: string | null;
  /** Seconds. */
  duration: number;
  hostName: string;
  guestName: string | null;
  guestTitle: string | null;
  playCount: number;
  likes: number;
  isArchived: boolean;
  isFeatured: boolean;
  publishedAt: number | null;
  status: ContentStatus;
  authorId: string;
  createdAt: number;
  updatedAt?: number;
}): Row {
  return {
    id: p.id,
    show_id: p.showId,
    title: p.title,
    description: p.description,
    episode_number: p.episodeNumber,
    audio_url: p.audioUrl,
    audio_bytes: p.audioBytes ?? null,
    audio_type: p.audioType ?? null,
    external_url: p.externalUrl ?? null,
    image_url: p.imageUrl,
    duration: p.duration,
    host_name: p.hostName,
    guest_name: p.guestName,
    guest_title: p.guestTitle,
    play_count: p.playCount,
    likes: p.likes,
    is_archived: p.isArchived,
    is_featured: p.isFeatured,
    published_at: isoOrNull(p.publishedAt),
    status: p.status,
    author_id: p.authorId,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt ?? p.createdAt),
  };
}

/** A finalised upload (served at /objects/<id>), its storage key being its id. */
export function objectRow(o: {
  id: string;
  userId: string | null;
  kind: 'image' | 'audio';
  contentType: string;
  size: number;
  /** Audio: whole seconds, as read from the file. */
  durationSeconds?: number | null;
  createdAt: number;
}): Row {
  return {
    id: o.id,
    user_id: o.userId,
    kind: o.kind,
    content_type: o.contentType,
    size: o.size,
    path: o.id,
    duration_seconds: o.durationSeconds ?? null,
    finalized_at: iso(o.createdAt),
    created_at: iso(o.createdAt),
  };
}

export function forumCategoryRow(c: {
  id: string;
  name: string;
  description: string;
  icon: string | null;
  color: string;
  discussionCount: number;
  createdAt: number;
}): Row {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    icon: c.icon,
    color: c.color,
    discussion_count: c.discussionCount,
    created_at: iso(c.createdAt),
  };
}

export function discussionRow(d: {
  id: string;
  title: string;
  content: string;
  categoryId: string;
  authorId: string;
  isPinned: boolean;
  isLocked: boolean;
  isFeatured: boolean;
  replyCount: number;
  likes: number;
  lastReplyAt: number | null;
  status: ContentStatus;
  createdAt: number;
}): Row {
  return {
    id: d.id,
    title: d.title,
    content: d.content,
    category_id: d.categoryId,
    author_id: d.authorId,
    is_pinned: d.isPinned,
    is_locked: d.isLocked,
    is_featured: d.isFeatured,
    reply_count: d.replyCount,
    likes: d.likes,
    last_reply_at: isoOrNull(d.lastReplyAt),
    status: d.status,
    created_at: iso(d.createdAt),
    updated_at: iso(d.createdAt),
  };
}

export function replyRow(r: {
  id: string;
  content: string;
  discussionId: string;
  authorId: string;
  parentReplyId: string | null;
  likes: number;
  createdAt: number;
}): Row {
  return {
    id: r.id,
    content: r.content,
    discussion_id: r.discussionId,
    author_id: r.authorId,
    parent_reply_id: r.parentReplyId,
    likes: r.likes,
    created_at: iso(r.createdAt),
  };
}

export function resourceRow(r: {
  id: string;
  title: string;
  description: string;
  type: string;
  category: string;
  url: string;
  imageUrl: string | null;
  duration: string | null;
  difficulty: string;
  rating: number;
  ratingCount: number;
  downloadCount: number;
  isFree: boolean;
  authorId: string;
  createdAt: number;
}): Row {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    type: r.type,
    category: r.category,
    url: r.url,
    file_url: null,
    image_url: r.imageUrl,
    duration: r.duration,
    difficulty: r.difficulty,
    rating: r.rating,
    rating_count: r.ratingCount,
    download_count: r.downloadCount,
    is_free: r.isFree,
    author_id: r.authorId,
    created_at: iso(r.createdAt),
    updated_at: iso(r.createdAt),
  };
}

export function pollRow(p: {
  id: string;
  question: string;
  options: readonly { id: string; text: string; votes: number }[];
  isActive: boolean;
  expiresAt: number | null;
  createdBy: string;
  createdAt: number;
}): Row {
  return {
    id: p.id,
    question: p.question,
    options: JSON.stringify(p.options),
    total_votes: p.options.reduce((sum, o) => sum + o.votes, 0),
    is_active: p.isActive,
    expires_at: isoOrNull(p.expiresAt),
    created_by: p.createdBy,
    created_at: iso(p.createdAt),
  };
}

/** A like, as the like endpoints record it: one row per user and item (user_interactions_once). */
export function likeRow(l: { id: string; userId: string; targetType: 'article' | 'podcast'; targetId: string; createdAt: number }): Row {
  return {
    id: l.id,
    user_id: l.userId,
    target_type: l.targetType,
    target_id: l.targetId,
    interaction_type: 'like',
    created_at: iso(l.createdAt),
  };
}
