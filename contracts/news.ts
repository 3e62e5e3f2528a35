import { z } from './zod';
import { clearableText, CONTENT_STATUSES, ContentStatus, Id, LIMITS, optionalText, QueryFlag, safeText, singleLineText, Timestamp } from './common';
import { MemberRef } from './profile';
/*
 * News articles (spec sections 3, 5, 7 News), plus the pieces that articles and
 * podcast episodes share (list query, status/archive/featured bodies, like response, input field
 * rules): contracts/podcasts.ts imports those from here so each rule is written once.
 */

// ---------------------------------------------------------------- shared by articles and podcasts

/** A news category as embedded in an article or episode. */
export const CategoryRef = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
});
export type CategoryRef = z.infer<typeof CategoryRef>;

/** Most category ids one item may carry, and one list filter may name. */
export const MAX_ITEM_CATEGORIES = 20;
export const MAX_FILTER_CATEGORIES = 50;

const CATEGORY_REQUIRED = 'At least one category is required';

/** `categoryIds` in a create/update body: at least one well-formed id; duplicates collapse. */
export const CategoryIdsInput = z
  .array(safeText('Invalid category id'), { error: CATEGORY_REQUIRED })
  .min(1, CATEGORY_REQUIRED)
  .max(MAX_ITEM_CATEGORIES, `At most ${MAX_ITEM_CATEGORIES} categories`)
  .superRefine((ids, ctx) => {
    // Reported on `categoryIds` itself (not `categoryIds.3`) so the form shows it under the field.
    if (ids.some((id) => !Id.safeParse(id).success)) ctx.addIssue({ code: 'custom', message: 'Invalid category id' });
  })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/**
 * `categories` query parameter: comma-separated category ids; an item matches when it has ANY of
 * them. Blank means no filter; a malformed id is a 400 rather than silently matching nothing.
 */
export const CategoryFilterParam = z
  .union([safeText(), z.array(safeText())])
  .optional()
  .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? '')))
  .transform((v) => [...new Set(v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))])
  .superRefine((ids, ctx) => {
    if (ids.some((id) => !Id.safeParse(id).success)) ctx.addIssue({ code: 'custom', message: 'Invalid category id' });
    if (ids.length > MAX_FILTER_CATEGORIES) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_FILTER_CATEGORIES} categories` });
    }
  });

/**
 * `limit` for article and episode lists: defaults to the page size (50). Values above the maximum
 * (100) are clamped silently rather than refused, so an over-eager client still gets a page;
 * zero, negative or non-numeric values are a 400.
 */
export const ContentLimitParam = z.coerce
  .number({ error: 'limit must be a positive integer' })
  .int('limit must be a positive integer')
  .min(1, 'limit must be a positive integer')
  .default(LIMITS.pageSize)
  .transform((n) => Math.min(n, LIMITS.pageSizeMax));

/**
 * GET /api/news and GET /api/podcasts. `before` is the opaque cursor the previous page returned
 * in its `X-Next-Cursor` header; the body stays a plain array.
 */
export const ContentListQuery = z.object({
  limit: ContentLimitParam,
  categories: CategoryFilterParam,
  archivedOnly: QueryFlag,
  before: safeText().max(512, 'Invalid cursor').optional(),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

/**
 * GET /api/news and /api/news/featured. `view=card` answers each article as an ArticleSummary: what a
 * card shows, without the full text (docs/performance.md, "Lists without bodies"); absent, the
 * spec's whole articles.
 */
export const NewsListQuery = ContentListQuery.extend({
  view: z.enum(['card'], { error: 'view must be card' }).optional(),
});
export type NewsListQuery = z.infer<typeof NewsListQuery>;

/** A content status in a body; creates default it to published (spec 9; the forms send draft). */
export const statusInput = z.enum(CONTENT_STATUSES, { error: "Status must be 'draft' or 'published'" });
export const featuredInput = z.boolean({ error: 'isFeatured must be true or false' });

/** What the server answers (422) for a publish time it will not keep; the forms show it under the field. */
export const SCHEDULE_MESSAGES = {
  past: 'Publish time must be in the future',
  tooFar: 'Publish time must be within a year',
} as const;
/** The furthest ahead a publish time may be. */
export const SCHEDULE_MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * `scheduledAt` in a create/update body: an ISO-8601 date-time with its offset makes the item a
 * scheduled draft (published by the job then); null clears the time. Its shape is checked here
 * (400); whether it is still ahead is the server's clock's call at the write (422, scheduleProblem).
 */
export const scheduledAtInput = z.iso
  .datetime({ offset: true, error: 'Publish time must be a date and time' })
  .nullable()
  .optional();

/** Why a publish time is refused at `now`, or undefined when it may be kept. */
export function scheduleProblem(scheduledAt: unknown, now: number): string | undefined {
  if (typeof scheduledAt !== 'string') return undefined;
  const at = Date.parse(scheduledAt);
  if (at <= now) return SCHEDULE_MESSAGES.past;
  if (at > now + SCHEDULE_MAX_AHEAD_MS) return SCHEDULE_MESSAGES.tooFar;
  return undefined;
}

export const ContentStatusInput = z.object({ status: statusInput });
export type ContentStatusInput = z.infer<typeof ContentStatusInput>;
export const ArchiveInput = z.object({ isArchived: z.boolean({ error: 'isArchived must be true or false' }) });
export type ArchiveInput = z.infer<typeof ArchiveInput>;
export const FeaturedInput = z.object({ isFeatured: featuredInput });
export type FeaturedInput = z.infer<typeof FeaturedInput>;

/**
 * POST/DELETE …/like. Anonymous likes are counted in the browser only (spec 4), so the server
 * answers with its own count and changes nothing.
 */
export const LikeResponse = z.discriminatedUnion('anonymous', [
  z.object({ anonymous: z.literal(true), likes: z.number().int() }),
  z.object({ anonymous: z.literal(false), liked: z.boolean(), likes: z.number().int() }),
]);
export type LikeResponse = z.infer<typeof LikeResponse>;

/** DELETE responses: the client parses every response as JSON, so deletes answer with a body. */
export const DeletedResponse = z.object({ ok: z.literal(true) });

const URL_MAX = 2048;
const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** An optional link to another site: absolute http(s) only (never `javascript:`). */
export function optionalWebUrl(label: string) {
  return clearableText(label, URL_MAX)
    .refine((v) => v === null || isHttpUrl(v), `${label} must be a valid http(s) URL`)
    .optional();
}

/**
 * An optional image or audio address: an absolute http(s) URL, or a path on this site such as the
 * `/objects/…` path an upload finalises to.
 */
export function optionalMediaUrl(label: string) {
  return clearableText(label, URL_MAX)
    .refine((v) => v === null || isHttpUrl(v) || /^\/(?!\/)\S*$/.test(v), `${label} must be an http(s) URL or a path on this site`)
    .optional();
}

export const TITLE_MAX = 300;
export const titleField = singleLineText('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);

/**
 * The create and patch bodies of one kind of content. Both take a title, the kind's `required`
 * fields (a create needs them, a patch may leave them out), categories and a status, then the
 * kind's optional fields; a create's status defaults to published (spec 9).
 */
export function contentInputs<R extends z.ZodRawShape, O extends z.ZodRawShape>(required: R, optional: O) {
  return {
    create: z.object({ title: titleField, ...required, categoryIds: CategoryIdsInput, status: statusInput.default('published'), ...optional }),
    patch: z.object({
      title: titleField.optional(),
      ...z.object(required).partial().shape,
      categoryIds: CategoryIdsInput.optional(),
      status: statusInput.optional(),
      ...optional,
    }),
  };
}

/**
 * What the member should be able to do after reading or listening, one objective a line (docs/cpd.md):
 * shown at the top of the item and copied into the member's CPD entry. Blank removes them.
 */
export const learningObjectivesInput = optionalText('Learning objectives', 2000, true);

/** On an item's own page (`GET /api/news/{id}`, `GET /api/podcasts/{id}`) only; lists leave it out. */
export const learningObjectivesOutput = z.string().nullable().optional();

/** What an article and an episode both answer with, after their own fields. */
export const contentItemFields = {
  categories: z.array(CategoryRef),
  categoryIds: z.array(z.string()),
  authorId: z.string().nullable(),
  status: ContentStatus,
  isArchived: z.boolean(),
  isFeatured: z.boolean(),
  likes: z.number().int(),
  /** Whether the signed-in viewer likes it; always false for anonymous viewers. */
  liked: z.boolean(),
  commentCount: z.number().int(),
  /** Set when the item is first published; null for drafts that never were. */
  publishedAt: Timestamp.nullable(),
  /** A draft's publish time: the publishing job publishes it then ("Scheduled"); null otherwise. */
  scheduledAt: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};

// ---------------------------------------------------------------- articles

export const ARTICLE_CONTENT_MAX = 200_000;
const contentField = safeText('Content is required')
  .trim()
  .min(1, 'Content is required')
  .max(ARTICLE_CONTENT_MAX, `Content must be at most ${ARTICLE_CONTENT_MAX} characters`);

const articleOptionalFields = {
  excerpt: optionalText('Excerpt', 2000, true),
  imageUrl: optionalMediaUrl('Image URL'),
  thumbnailUrl: optionalMediaUrl('Thumbnail URL'),
  sourceUrl: optionalWebUrl('Source URL'),
  sourceName: optionalText('Source name', 200),
  /** The legacy single category label (spec 3); the admin panel's quick form sends a slug here. */
  category: optionalText('Category', 100),
  isFeatured: featuredInput.optional(),
  scheduledAt: scheduledAtInput,
  learningObjectives: learningObjectivesInput,
};

const articleInputs = contentInputs({ content: contentField }, articleOptionalFields);

/** POST /api/news. */
export const ArticleCreateInput = articleInputs.create;
export type ArticleCreateInput = z.infer<typeof ArticleCreateInput>;

/** PATCH /api/news/{id}: only the fields sent change; `categoryIds`, when sent, still needs one. */
export const ArticlePatchInput = articleInputs.patch;
export type ArticlePatchInput = z.infer<typeof ArticlePatchInput>;

/** PUT /api/news/{id} (the edit dialog's whole form): like PATCH, but title and content are required. */
export const ArticlePutInput = ArticlePatchInput.extend({ title: titleField, content: contentField });
export type ArticlePutInput = z.infer<typeof ArticlePutInput>;

export const Article = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string().nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  sourceName: z.string().nullable(),
  /** Legacy single category label; null for articles that only use `categories`. */
  category: z.string().nullable(),
  ...contentItemFields,
  /**
   * The byline, on `GET /api/news/{id}` only (lists leave it out): the author's public name and
   * photo, null when they have no public member page (account deleted or deactivated).
   */
  author: MemberRef.nullable().optional(),
  learningObjectives: learningObjectivesOutput,
});
export type Article = z.infer<typeof Article>;

/**
 * An article as a card shows it (`view=card` on the lists): no `content`, but its `summary` (the
 * excerpt, else the first 150 characters of the content plus '...') and its reading time.
 */
export const ArticleSummary = Article.omit({ content: true, author: true, learningObjectives: true }).extend({
  summary: z.string(),
  readingMinutes: z.number().int(),
});
export type ArticleSummary = z.infer<typeof ArticleSummary>;
