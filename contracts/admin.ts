import { z } from './zod';
import { LIMITS, MenuKey, optionalText, safeText, singleLineText, Timestamp } from './common';

/** Admin area: menu visibility, news categories and the sample-data rebuild (spec 2, 5, 7). */

// ---- menu settings ----------------------------------------------------------------------------

/** `GET /api/menu-settings`: everyone gets key, visibility and order; admins also the label. */
export const MenuSetting = z.object({
  menuKey: MenuKey,
  isVisible: z.boolean(),
  displayOrder: z.number().int(),
  menuLabel: z.string().optional(),
});
export type MenuSetting = z.infer<typeof MenuSetting>;

export const MenuVisibilityInput = z.object({
  isVisible: z.boolean({ error: 'isVisible must be true or false' }),
});
export type MenuVisibilityInput = z.infer<typeof MenuVisibilityInput>;

// ---- news categories --------------------------------------------------------------------------

export const NewsCategory = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  color: z.string(),
  displayOrder: z.number().int(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type NewsCategory = z.infer<typeof NewsCategory>;

export const NewsCategoryListQuery = z.object({
  activeOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  /**
   * Only categories that at least one published article (`news`) or episode (`podcasts`) carries:
   * the filter chips of the paged lists, in the same display order as everywhere.
   */
  usedBy: z.enum(['news', 'podcasts'], { error: "usedBy must be 'news' or 'podcasts'" }).optional(),
});
export type NewsCategoryListQuery = z.infer<typeof NewsCategoryListQuery>;

const categoryName = singleLineText('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');
const categorySlug = safeText('Slug is required')
  .trim()
  // `abort`: a blank slug is reported as missing, not also as malformed.
  .min(1, { error: 'Slug is required', abort: true })
  .max(100, 'Slug must be at most 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may contain only lowercase letters, digits and dashes');
const categoryColor = safeText()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Color must be a hex colour such as #3B82F6');
/** The form sends numbers as text; blank or absent means `fallback` (0 on create, unchanged on update). */
const displayOrder = (fallback: number | undefined) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? fallback : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Display order must be a number' })
      .int('Display order must be a whole number')
      .min(-1_000_000, 'Display order is out of range')
      .max(1_000_000, 'Display order is out of range')
      .optional(),
  );
export const NewsCategoryCreateInput = z.object({
  name: categoryName,
  slug: categorySlug,
  description: optionalText('Description', 2000, true),
  icon: optionalText('Icon', 100),
  color: categoryColor.default(LIMITS.defaultCategoryColor),
  displayOrder: displayOrder(0),
  isActive: z.boolean().default(true),
});
export type NewsCategoryCreateInput = z.infer<typeof NewsCategoryCreateInput>;

/** Partial: only the fields sent change (the list's switch sends `{isActive}` alone). */
export const NewsCategoryUpdateInput = z.object({
  name: categoryName.optional(),
  slug: categorySlug.optional(),
  description: optionalText('Description', 2000, true),
  icon: optionalText('Icon', 100),
  color: categoryColor.optional(),
  displayOrder: displayOrder(undefined),
  isActive: z.boolean().optional(),
});
export type NewsCategoryUpdateInput = z.infer<typeof NewsCategoryUpdateInput>;

// ---- sample-data rebuild ----------------------------------------------------------------------

export const SeedDatabaseInput = z.object({ force: z.boolean().optional().default(false) });
export type SeedDatabaseInput = z.infer<typeof SeedDatabaseInput>;

export const SEED_MESSAGES = {
  alreadySeeded: 'Database already contains seed data.',
  seeded: 'Database populated successfully with fresh sample data!',
} as const;

export const SeedDatabaseResponse = z.object({ alreadySeeded: z.boolean(), message: z.string() });
export type SeedDatabaseResponse = z.infer<typeof SeedDatabaseResponse>;
