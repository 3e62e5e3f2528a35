import { z } from './zod';
import { DIFFICULTIES, Id, LIMITS, LimitParam, optionalText, RESOURCE_CATEGORIES, RESOURCE_TYPES, safeText, singleLineText, Timestamp } from './common';

/** Largest value of the integer columns (PostgreSQL int4). */
const INT_MAX = 2_147_483_647;

const oneOf = (values: readonly string[]) => `must be one of: ${values.join(', ')}`;

/** A required enum: missing, null or '' reads "… is required"; any other unknown value lists the choices. */
const requiredEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? `${label} is required` : `${label} ${oneOf(values)}`,
  });

/** The dialog sends '' for a cleared optional field: that clears it (null). */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An absolute http(s) URL, or a path to an uploaded object (`/objects/…`). */
function isResourceLink(value: string): boolean {
  if (value.startsWith('/objects/')) return !/[\s\\]|\/\.\.?(\/|$)/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const optionalLink = (label: string) =>
  z
    .preprocess(
      blankToNull,
      safeText(`${label} must be text`)
        .trim()
        .max(2048, `${label} must be at most 2048 characters`)
        .refine(isResourceLink, `${label} must be an http(s) URL or an /objects/ path`)
        .nullable(),
    )
    .optional();

/**
 * Spec 5: numbers and numeric strings are accepted; any non-numeric input (text, '', null, true …)
 * becomes 0. A numeric value that is fractional, negative or too large is still a 400.
 */
function numberOrZero(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return 0;
}

const count = (label: string, max = INT_MAX) =>
  z
    .preprocess(
      numberOrZero,
      z
        .number()
        .int(`${label} must be a whole number`)
        .min(0, `${label} cannot be negative`)
        .max(max, max === INT_MAX ? `${label} is too large` : `${label} must be between 0 and ${max}`),
    )
    .optional();

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/resources. Defaults on create: isFree true, rating/ratingCount/downloadCount 0, other fields null. */
export const ResourceCreateInput = z.object({
  title: singleLineText('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(300, 'Title must be at most 300 characters'),
  type: requiredEnum(RESOURCE_TYPES, 'Type'),
  category: requiredEnum(RESOURCE_CATEGORIES, 'Category'),
  description: optionalText('Description', 5_000, true),
  url: optionalLink('URL'),
  fileUrl: optionalLink('File URL'),
  imageUrl: optionalLink('Image URL'),
  duration: optionalText('Duration', 100),
  difficulty: z
    .preprocess(blankToNull, z.enum(DIFFICULTIES, { error: `Difficulty ${oneOf(DIFFICULTIES)}` }).nullable())
    .optional(),
  isFree: z.boolean({ error: 'isFree must be true or false' }).optional(),
  rating: count('Rating', LIMITS.ratingMax),
  ratingCount: count('Rating count'),
  downloadCount: count('Download count'),
});
export type ResourceCreateInput = z.infer<typeof ResourceCreateInput>;

/** PATCH /api/resources/{id}: any subset; a field that is sent obeys the create rules. */
export const ResourceUpdateInput = ResourceCreateInput.partial();
export type ResourceUpdateInput = z.infer<typeof ResourceUpdateInput>;

/** '' in a filter means "no filter" (the page's "All" choice); any other unknown value is a 400. */
const filter = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: `${label} ${oneOf(values)}` }).optional());

export const ResourceListQuery = z.object({
  limit: LimitParam,
  type: filter(RESOURCE_TYPES, 'Type'),
  category: filter(RESOURCE_CATEGORIES, 'Category'),
});
export type ResourceListQuery = z.infer<typeof ResourceListQuery>;

// ---------------------------------------------------------------------------------------------
// Responses

export const Resource = z.object({
  id: Id,
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(RESOURCE_TYPES),
  category: z.enum(RESOURCE_CATEGORIES),
  url: z.string().nullable(),
  fileUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  duration: z.string().nullable(),
  difficulty: z.enum(DIFFICULTIES).nullable(),
  rating: z.number().int(),
  ratingCount: z.number().int(),
  downloadCount: z.number().int(),
  isFree: z.boolean(),
  authorId: Id.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Resource = z.infer<typeof Resource>;

export const ResourceDeletedResponse = z.object({ ok: z.literal(true) });
