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

/**
 * Exactly-once writes (issue 7): a signed-in mutation may carry `Idempotency-Key` (the outbox sends
 * the queued item's id); a repeat of a finished one is answered with the first result and
 * `Idempotent-Replayed: true`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** Error code of the 409 for a repeat that arrives while the first is still running. */
export const IDEMPOTENCY_IN_PROGRESS = 'request_in_progress';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
