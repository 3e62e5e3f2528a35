import type { CategoryRef } from '../../../contracts/news';
import type { ContentStatus } from '../../../contracts/common';
import { toBool, toIso } from '../../db/dialect';
import type { ContentRow, Relations } from './repo';

/** The fields articles and episodes present alike (camelCase, booleans as booleans). */
export function presentContentFields(row: ContentRow, rel: Relations) {
  const categories: CategoryRef[] = rel.categories.get(row.id) ?? [];
  return {
    categories,
    categoryIds: categories.map((c) => c.id),
    authorId: row.author_id,
    status: row.status as ContentStatus,
    isArchived: toBool(row.is_archived),
    isFeatured: toBool(row.is_featured),
    likes: Number(row.likes) || 0,
    liked: rel.liked.has(row.id),
    publishedAt: toIso(row.published_at),
    scheduledAt: toIso(row.scheduled_at),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}
