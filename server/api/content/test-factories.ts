import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { ContentStatus, Role } from '../../../contracts/common';
import { now } from '../../db/dialect';
import { signedIn } from '../../test/factories';
import type { Agent, TestServer } from '../../test/harness';
import { ARTICLES, PODCASTS, type ContentKind } from './kinds';

/*
 * Test data for the news, podcast and like suites, written straight to the database so a test
 * can build 100 items quickly. Behaviour under test always goes through HTTP.
 */

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

export type Viewer = 'anonymous' | Role;
export const VIEWERS: Viewer[] = ['anonymous', 'subscriber', 'contributor', 'editor', 'admin'];

/** One agent per viewer kind (anonymous, or signed in with that role). */
export async function viewerAgents(t: TestServer): Promise<Record<Viewer, Agent>> {
  const out = { anonymous: t.agent() } as Record<Viewer, Agent>;
  for (const role of ['subscriber', 'contributor', 'editor', 'admin'] as const) {
    out[role] = (await signedIn(t.db, t.agent(), role)).agent;
  }
  return out;
}
