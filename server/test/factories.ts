import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { ContentStatus, Role } from '../../contracts/common';
import { hashPassword } from '../api/auth/passwords';
import { insertUser } from '../api/users/repo';
import type { UserRow } from '../api/users/presenter';
import { ARTICLES, PODCASTS, type ContentKind } from '../api/content/kinds';
import { insertForumCategory } from '../api/forums/repo';
import { now } from '../db/dialect';
import type { Agent } from './harness';

/*
 * Test data with sensible defaults. Rows are written straight to the database, so a test can build
 * 100 items quickly; forum posts go through the API as their author. Behaviour under test always
 * goes through HTTP.
 */

export const TEST_PASSWORD = 'secret123';
let cachedHash: Promise<string> | undefined;

/**
 * A user with sensible defaults; every factory user shares one bcrypt hash to keep tests fast. Its
 * address counts as confirmed, like the sample accounts' (`emailConfirmed: false` for one that is not).
 */
export async function createUser(
  db: Knex,
  overrides: Partial<{ email: string; role: Role; isActive: boolean; firstName: string; lastName: string; emailConfirmed: boolean }> = {},
): Promise<UserRow> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return insertUser(db, {
    email: overrides.email ?? `user-${randomBytes(5).toString('hex')}@example.com`,
    passwordHash: await cachedHash,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? 'User',
    role: overrides.role ?? 'subscriber',
    isActive: overrides.isActive ?? true,
    emailConfirmedAt: overrides.emailConfirmed === false ? null : new Date().toISOString(),
  });
}

export interface CategoryFixture {
  id: string;
  name: string;
  slug: string;
  color: string;
}

export async function createCategory(
  db: Knex,
  o: Partial<{ name: string; isActive: boolean; color: string; displayOrder: number }> = {},
): Promise<CategoryFixture> {
  const suffix = randomBytes(4).toString('hex');
  const name = o.name ?? `Category ${suffix}`;
  const row = {
    id: uuidv7(),
    name,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix}`,
    color: o.color ?? '#10B981',
    display_order: o.displayOrder ?? 0,
    is_active: o.isActive ?? true,
    created_at: now(),
    updated_at: now(),
  };
  await db('news_categories').insert(row);
  return { id: row.id, name: row.name, slug: row.slug, color: row.color };
}

export interface ItemOverrides {
  title: string;
  status: ContentStatus;
  isArchived: boolean;
  isFeatured: boolean;
  /** Defaults to createdAt for published items and null for drafts. */
  publishedAt: string | null;
  createdAt: string;
  categoryIds: string[];
  authorId: string | null;
}

let seq = 0;

async function insertItem(db: Knex, kind: ContentKind, extra: Record<string, unknown>, o: Partial<ItemOverrides>): Promise<string> {
  const id = uuidv7();
  const createdAt = o.createdAt ?? now();
  const status = o.status ?? 'published';
  await db(kind.table).insert({
    id,
    title: o.title ?? `Item ${++seq}`,
    status,
    is_archived: o.isArchived ?? false,
    is_featured: o.isFeatured ?? false,
    published_at: o.publishedAt !== undefined ? o.publishedAt : status === 'published' ? createdAt : null,
    author_id: o.authorId ?? null,
    created_at: createdAt,
    updated_at: createdAt,
    ...extra,
  });
  if (o.categoryIds?.length) {
    await db(kind.linkTable).insert(o.categoryIds.map((category_id) => ({ [kind.linkColumn]: id, category_id })));
  }
  return id;
}

export function insertArticle(db: Knex, o: Partial<ItemOverrides> & { content?: string } = {}): Promise<string> {
  return insertItem(db, ARTICLES, { content: o.content ?? 'Article body' }, o);
}

export function insertPodcast(
  db: Knex,
  o: Partial<ItemOverrides> & { duration?: number; showId?: string; episodeNumber?: number } = {},
): Promise<string> {
  return insertItem(db, PODCASTS, { duration: o.duration ?? null, show_id: o.showId ?? null, episode_number: o.episodeNumber ?? null }, o);
}

/** An ISO timestamp `minutes` before a fixed point, to give items a known order. */
export function minutesAgo(minutes: number, from = Date.parse('2030-01-01T12:00:00.000Z')): string {
  return new Date(from - minutes * 60_000).toISOString();
}

export async function forumCategory(db: Knex, name = `Category ${randomBytes(4).toString('hex')}`) {
  return { id: await insertForumCategory(db, { name, color: '#10B981', icon: 'MessageSquare' }), name };
}

/** Starts a discussion through the API as the agent's user; throws unless it was created. */
export async function postDiscussion(agent: Agent, categoryId: string, title = 'A question about IFRS 18') {
  const res = await agent.post('/api/forum/discussions', { title, content: `Body of ${title}`, categoryId });
  if (res.status !== 201) throw new Error(`discussion not created: ${res.status} ${res.text}`);
  return res.body as { id: string; title: string; createdAt: string };
}

export async function postReply(agent: Agent, discussionId: string, content = 'Good point.', parentReplyId?: string) {
  const res = await agent.post('/api/forum/replies', { discussionId, content, parentReplyId });
  if (res.status !== 201) throw new Error(`reply not created: ${res.status} ${res.text}`);
  return res.body as { id: string; createdAt: string; parentReplyId: string | null };
}
