/**
 * Enum values and limits of spec sections 3 and 9 as plain constants, without zod: the PWA's
 * initial chunks import them (formatting, page sizes) and must not pull zod in with them
 * (docs/architecture.md, Front end). `common.ts` builds its zod enums from these and re-exports them.
 */
export const ROLES = ['subscriber', 'contributor', 'editor', 'admin'] as const;
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export const RESOURCE_TYPES = ['ebook', 'webinar', 'case-study', 'certification'] as const;
export const RESOURCE_CATEGORIES = ['taxation', 'financial-reporting', 'audit-automation', 'ethical-ai'] as const;
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const MENU_KEYS = ['news', 'podcasts', 'forums', 'resources', 'community'] as const;

export const LIMITS = {
  passwordMin: 6,
  pageSize: 50,
  pageSizeMax: 100,
  contributors: 10,
  excerptFallback: 150,
  imageBytes: 5_242_880,
  audioBytes: 104_857_600,
  jsonBodyBytes: 1_048_576,
  commentMax: 5_000,
  ratingMax: 5,
  defaultCategoryColor: '#3B82F6',
} as const;
