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

/**
 * `force` deletes everything first, so it also needs `confirmName`: the site's name, typed by the
 * admin (compared after trimming; a mismatch is a 422 on the field). Without `force` an empty
 * database is filled and nothing is deleted, so no name is asked.
 */
export const SeedDatabaseInput = z.object({
  force: z.boolean().optional().default(false),
  confirmName: singleLineText('The site name must be text').max(200, 'The site name must be at most 200 characters').optional(),
});
export type SeedDatabaseInput = z.infer<typeof SeedDatabaseInput>;

export const SEED_MESSAGES = {
  alreadySeeded: 'Database already contains seed data.',
  seeded: 'Database populated successfully with fresh sample data!',
  wrongName: 'Type the site’s name exactly to confirm',
  disabled: 'Rebuilding the database is turned off on this production site (ALLOW_SAMPLE_REBUILD is not true).',
  backupFailed: 'The backup could not be written, so nothing was deleted. Check the server’s disk and try again.',
} as const;

/** What a forced rebuild deletes, counted when asked (the dialog) and when done (the audit entry). */
export const RebuildCounts = z.object({
  articles: z.number().int(),
  episodes: z.number().int(),
  shows: z.number().int(),
  resources: z.number().int(),
  discussions: z.number().int(),
  replies: z.number().int(),
  /** Article and episode comments. */
  comments: z.number().int(),
  /** Accounts that are not admins (admins are kept). */
  members: z.number().int(),
});
export type RebuildCounts = z.infer<typeof RebuildCounts>;

/** `GET /api/admin/seed-database`: what a forced rebuild would delete and the name to type. */
export const RebuildPreview = z.object({ siteName: z.string(), counts: RebuildCounts });
export type RebuildPreview = z.infer<typeof RebuildPreview>;

/**
 * The spec's `alreadySeeded` and `message`; a forced rebuild adds the backup's name (a directory
 * under `$DATA_DIR/backups/`, as `npm run backup` writes) and what was deleted.
 */
export const SeedDatabaseResponse = z.object({
  alreadySeeded: z.boolean(),
  message: z.string(),
  backup: z.string().optional(),
  deleted: RebuildCounts.optional(),
});
export type SeedDatabaseResponse = z.infer<typeof SeedDatabaseResponse>;

// Zod-free, so the PWA's first load can read them (contracts/constants.ts).
export { SESSION_ENDED_HEADER, SITE_RESET_MESSAGE, SITE_RESET_SESSION_END } from './constants';
