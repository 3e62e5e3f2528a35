/*
 * The content list's enum values without zod: the route table validates /admin/content's search
 * params with them in the first load (docs/decisions/2026-11-22-no-zod-in-the-first-load.md), and
 * contracts/admin-content.ts builds its schemas from the same lists.
 */
export const ADMIN_CONTENT_KINDS = ['article', 'episode'] as const;
export const ADMIN_CONTENT_TABS = ['draft', 'scheduled', 'published', 'archived'] as const;
export const ADMIN_CONTENT_SORTS = ['updated', 'published'] as const;
export const ADMIN_CONTENT_ACTIONS = ['publish', 'unpublish', 'archive', 'unarchive', 'delete'] as const;
/** Rows per page of the admin's content table. */
export const ADMIN_CONTENT_PAGE_SIZE = 25;
