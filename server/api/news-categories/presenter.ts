import type { NewsCategory } from '../../../contracts/admin';
import { toBool, toIso } from '../../db/dialect';

export interface NewsCategoryRow {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
  color: string;
  display_order: number;
  is_active: unknown;
  created_at: unknown;
  updated_at: unknown;
}

export function presentNewsCategory(row: NewsCategoryRow): NewsCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    icon: row.icon,
    color: row.color,
    displayOrder: Number(row.display_order) || 0,
    isActive: toBool(row.is_active),
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}
