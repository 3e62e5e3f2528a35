import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { ResourceCreateInput, ResourceListQuery, ResourceUpdateInput } from '../../../contracts/resources';
import { now } from '../../db/dialect';
import type { ResourceRow } from './presenter';

/** Input field → column, for the fields a create or update may set. */
const COLUMNS = {
  title: 'title',
  description: 'description',
  type: 'type',
  category: 'category',
  url: 'url',
  fileUrl: 'file_url',
  imageUrl: 'image_url',
  duration: 'duration',
  difficulty: 'difficulty',
  isFree: 'is_free',
  rating: 'rating',
  ratingCount: 'rating_count',
  downloadCount: 'download_count',
} as const satisfies Record<keyof ResourceCreateInput, string>;

function toColumns(input: ResourceUpdateInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = input[field as keyof ResourceUpdateInput];
    if (value !== undefined) out[column] = value;
  }
  return out;
}

/** Every column but PostgreSQL's `search_vector` (see ContentKind.columns; kept whole by migrations.test). */
export const RESOURCE_COLUMNS: string[] = ['id', 'title', 'description', 'type', 'category', 'url', 'file_url', 'image_url', 'duration', 'difficulty', 'rating', 'rating_count', 'download_count', 'is_free', 'author_id', 'created_at', 'updated_at'];

export async function findResource(db: Knex, id: string): Promise<ResourceRow | undefined> {
  return db<ResourceRow>('resources').where({ id }).first(RESOURCE_COLUMNS);
}

/** Newest first; `type` and `category` filter exactly. */
export async function listResources(db: Knex, query: ResourceListQuery): Promise<ResourceRow[]> {
  const q = db('resources').select(RESOURCE_COLUMNS);
  if (query.type) q.where('type', query.type);
  if (query.category) q.where('category', query.category);
  return (await q
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit)) as ResourceRow[];
}

export async function insertResource(db: Knex, authorId: string, input: ResourceCreateInput): Promise<string> {
  const id = uuidv7();
  const ts = now();
  await db('resources').insert({
    // Defaults of spec 3 for whatever the form left out.
    description: null,
    url: null,
    file_url: null,
    image_url: null,
    duration: null,
    difficulty: null,
    is_free: true,
    rating: 0,
    rating_count: 0,
    download_count: 0,
    ...toColumns(input),
    id,
    author_id: authorId,
    created_at: ts,
    updated_at: ts,
  });
  return id;
}

/** false when the resource does not exist. */
export async function updateResource(db: Knex, id: string, input: ResourceUpdateInput): Promise<boolean> {
  const n = await db('resources')
    .where({ id })
    .update({ ...toColumns(input), updated_at: now() });
  return n > 0;
}

export async function deleteResource(db: Knex, id: string): Promise<boolean> {
  return (await db('resources').where({ id }).delete()) > 0;
}
