import type { Resource } from '../../../contracts/resources';
import { toBool, toInt, toIso } from '../../db/dialect';

export interface ResourceRow {
  id: string;
  title: string;
  description: string | null;
  type: string;
  category: string;
  url: string | null;
  file_url: string | null;
  image_url: string | null;
  duration: string | null;
  difficulty: string | null;
  rating: unknown;
  rating_count: unknown;
  download_count: unknown;
  is_free: unknown;
  author_id: string | null;
  created_at: unknown;
  updated_at: unknown;
}

export function presentResource(row: ResourceRow): Resource {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as Resource['type'],
    category: row.category as Resource['category'],
    url: row.url,
    fileUrl: row.file_url,
    imageUrl: row.image_url,
    duration: row.duration,
    difficulty: row.difficulty as Resource['difficulty'],
    rating: toInt(row.rating),
    ratingCount: toInt(row.rating_count),
    downloadCount: toInt(row.download_count),
    isFree: toBool(row.is_free),
    authorId: row.author_id,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}
