import { z } from './zod';
import { Id, Timestamp, safeText } from './common';
import { CategoryRef } from './news';
import { ShowRef } from './podcasts';
import { ADMIN_CONTENT_ACTIONS, ADMIN_CONTENT_KINDS, ADMIN_CONTENT_SORTS, ADMIN_CONTENT_TABS, ADMIN_CONTENT_PAGE_SIZE } from './admin-content-values';

/*
 * The admin's content list (GET /api/admin/content) and its bulk actions (POST /api/admin/content/bulk):
 * articles or episodes in status tabs, a page at a time with a total ("page 2 of 7").
 */

export { ADMIN_CONTENT_ACTIONS, ADMIN_CONTENT_KINDS, ADMIN_CONTENT_SORTS, ADMIN_CONTENT_TABS, ADMIN_CONTENT_PAGE_SIZE };
export type AdminContentKind = (typeof ADMIN_CONTENT_KINDS)[number];
export type AdminContentTab = (typeof ADMIN_CONTENT_TABS)[number];
export type AdminContentSort = (typeof ADMIN_CONTENT_SORTS)[number];
export type AdminContentAction = (typeof ADMIN_CONTENT_ACTIONS)[number];

/** Most ids one bulk action may name: one confirmation should not reach further than a few pages. */
export const MAX_BULK_IDS = 100;

const optionalId = (what: string) => z.uuid({ error: `${what} must be an id` }).optional();

export const AdminContentQuery = z.object({
  kind: z.enum(ADMIN_CONTENT_KINDS, { error: 'kind must be article or episode' }),
  status: z.enum(ADMIN_CONTENT_TABS, { error: 'status must be draft, scheduled, published or archived' }).default('draft'),
  q: safeText('q must be text').trim().max(200, 'q must be at most 200 characters').optional(),
  category: optionalId('category'),
  show: optionalId('show'),
  author: optionalId('author'),
  sort: z.enum(ADMIN_CONTENT_SORTS, { error: 'sort must be updated or published' }).default('updated'),
  page: z.coerce.number({ error: 'page must be a positive integer' }).int('page must be a positive integer').min(1, 'page must be a positive integer').max(100_000, 'page is too large').default(1),
  limit: z.coerce.number({ error: 'limit must be between 1 and 100' }).int('limit must be between 1 and 100').min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').default(ADMIN_CONTENT_PAGE_SIZE),
}).refine((q) => q.kind === 'episode' || q.show === undefined, { message: 'show filters episodes only', path: ['show'] });
export type AdminContentQuery = z.infer<typeof AdminContentQuery>;

export const AdminContentRow = z.object({
  id: z.string(),
  title: z.string(),
  /** The spec's status; a draft with `scheduledAt` is "Scheduled". */
  status: z.enum(['draft', 'published']),
  scheduledAt: Timestamp.nullable(),
  isArchived: z.boolean(),
  isFeatured: z.boolean(),
  categories: z.array(CategoryRef),
  /** Episodes' show; null for articles and episodes without one. */
  show: ShowRef.nullable(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  updatedAt: Timestamp,
  publishedAt: Timestamp.nullable(),
  commentCount: z.number(),
  likes: z.number(),
  /** Episodes only; null for articles. */
  plays: z.number().nullable(),
});
export type AdminContentRow = z.infer<typeof AdminContentRow>;

export const AdminContentPage = z.object({
  rows: z.array(AdminContentRow),
  page: z.number(),
  limit: z.number(),
  /** Rows in the selected tab under the same filters (the total the pages divide). */
  total: z.number(),
  /** Rows per tab under the same filters (search, category, show, author), for "Drafts (3)". */
  counts: z.record(z.enum(ADMIN_CONTENT_TABS), z.number()),
});
export type AdminContentPage = z.infer<typeof AdminContentPage>;

export const AdminContentBulkInput = z.object({
  kind: z.enum(ADMIN_CONTENT_KINDS, { error: 'kind must be article or episode' }),
  ids: z
    .array(Id, { error: 'ids must be a list of ids' })
    .min(1, 'Select at least one item')
    .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} items at once`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  action: z.enum(ADMIN_CONTENT_ACTIONS, { error: 'action must be publish, unpublish, archive, unarchive or delete' }),
});
export type AdminContentBulkInput = z.infer<typeof AdminContentBulkInput>;

export const AdminContentBulkResult = z.object({ changed: z.number() });
export type AdminContentBulkResult = z.infer<typeof AdminContentBulkResult>;
