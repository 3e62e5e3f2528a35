/**
 * Enum values and limits of spec sections 3 and 9 as plain constants, without zod: the PWA's
 * initial chunks import them (formatting, page sizes) and must not pull zod in with them
 * (docs/decisions/2026-11-22-no-zod-in-the-first-load.md). `common.ts` builds its zod enums from these and re-exports them.
 */
export const ROLES = ['subscriber', 'contributor', 'editor', 'admin'] as const;
export type RoleId = (typeof ROLES)[number];
/** Display names of the roles (the admin screens, the invite page and the invitation mail). */
export const ROLE_NAMES: Record<RoleId, string> = {
  subscriber: 'Subscriber',
  contributor: 'Contributor',
  editor: 'Editor',
  admin: 'Admin',
};
/**
 * The role sets of spec 6, defined once for the server's policies and the client's hidden controls:
 * staff (editors and admins) manage articles and episodes, moderate the forums, upload audio and get
 * the higher write limits and upload quota; admins alone manage users, menus, categories and resources.
 */
export const STAFF_ROLES: readonly RoleId[] = ['editor', 'admin'];
/** Add, edit, publish, archive, feature and delete articles and episodes. */
export const CONTENT_EDITORS = STAFF_ROLES;
/** Change a discussion's status, featured, pinned and locked flags, and edit or delete any post. */
export const FORUM_MODERATORS = STAFF_ROLES;
/** Users, invitations, menus, categories, shows, resources and the database rebuild. */
export const ADMINS: readonly RoleId[] = ['admin'];
/** The code of the 403 a staff member without two-step sign-in gets while REQUIRE_2FA_FOR_STAFF is on. */
export const TWO_FACTOR_REQUIRED_CODE = 'two_factor_required';
export const isStaffRole = (role: RoleId | null | undefined): boolean => role != null && STAFF_ROLES.includes(role);
export const isAdminRole = (role: RoleId | null | undefined): boolean => role === 'admin';
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export const RESOURCE_TYPES = ['ebook', 'webinar', 'case-study', 'certification'] as const;
export const RESOURCE_CATEGORIES = ['taxation', 'financial-reporting', 'audit-automation', 'ethical-ai'] as const;
export type ResourceTypeId = (typeof RESOURCE_TYPES)[number];
export type ResourceCategoryId = (typeof RESOURCE_CATEGORIES)[number];
/** Display names of the resource enums (the Resources screen and the resources' generated covers). */
export const RESOURCE_TYPE_NAMES: Record<ResourceTypeId, string> = {
  ebook: 'E-Book',
  webinar: 'Webinar',
  'case-study': 'Case Study',
  certification: 'Certification',
};
export const RESOURCE_CATEGORY_NAMES: Record<ResourceCategoryId, string> = {
  taxation: 'Taxation',
  'financial-reporting': 'Financial Reporting',
  'audit-automation': 'Audit Automation',
  'ethical-ai': 'Ethical AI',
};
/** Resource categories are an enum, not news categories with a colour: their covers' hues. */
export const RESOURCE_CATEGORY_COLORS: Record<ResourceCategoryId, string> = {
  taxation: '#B45309',
  'financial-reporting': '#1D4ED8',
  'audit-automation': '#047857',
  'ethical-ai': '#7C3AED',
};
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const MENU_KEYS = ['news', 'podcasts', 'forums', 'resources', 'community'] as const;

export const LIMITS = {
  /** New passwords (docs/security.md §15: the spec said 6); the server also refuses guessable ones. */
  passwordMin: 8,
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

/** Response header of paged lists carrying the cursor of the next page (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * Exactly-once writes: a signed-in mutation may carry `Idempotency-Key` (the outbox sends
 * the queued item's id); a repeat of a finished one is answered with the first result and
 * `Idempotent-Replayed: true`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** Error code of the 409 for a repeat that arrives while the first is still running. */
export const IDEMPOTENCY_IN_PROGRESS = 'request_in_progress';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** Names why this browser's session ended, on the first answer after it did (server/middleware/session.ts). */
export const SESSION_ENDED_HEADER = 'Session-Ended';
/** The `Session-Ended` header's value on the first answer to a member whose account a rebuild deleted. */
export const SITE_RESET_SESSION_END = 'site-reset';
export const SITE_RESET_MESSAGE = "The site's data was reset; please sign in again";

/** CPD reading stops counting after this long without scrolling, selecting or a key (Discourse's rule; docs/cpd.md). */
export const CPD_IDLE_MS = 3 * 60_000;
/** The device sends what it measured at least this often while it measures (a lost tab loses less). */
export const CPD_CHUNK_MS = 60_000;

/**
 * The year-end nudge in words, in the app and in the digest mail: "7.3 hours to go before 31 December
 * 2026". `hours` is already to the tenth; `yearEnd` the CPD year's last day (YYYY-MM-DD).
 */
export function yearEndWords(hours: number, yearEnd: string): string {
  const count = `${Number.isInteger(hours) ? hours : hours.toFixed(1)} ${hours === 1 ? 'hour' : 'hours'}`;
  const end = new Date(`${yearEnd}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${count} to go before ${end}`;
}
