import { z } from './zod';
import {
  CONTENT_STATUSES,
  DIFFICULTIES,
  LIMITS,
  MENU_KEYS,
  RESOURCE_CATEGORIES,
  RESOURCE_TYPES,
  ROLES,
} from './constants';

export { CONTENT_STATUSES, DIFFICULTIES, LIMITS, MENU_KEYS, RESOURCE_CATEGORIES, RESOURCE_TYPES, ROLES };

/** zod enums of spec section 3, shared by server and client. */
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const ContentStatus = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatus>;

export const ResourceType = z.enum(RESOURCE_TYPES);
export const ResourceCategory = z.enum(RESOURCE_CATEGORIES);
export const Difficulty = z.enum(DIFFICULTIES);

export const MenuKey = z.enum(MENU_KEYS);

export const Id = z.uuid();
export type Id = z.infer<typeof Id>;

/** The one error body every API error uses. */
export const ApiErrorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** ISO-8601 timestamp as sent over the wire. */
export const Timestamp = z.string();

/** `limit` query parameter: defaults to the page size, capped. */
export const LimitParam = z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSize);

/** A boolean query-string flag: only the literal 'true' counts as true. */
export const QueryFlag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export {
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAY_HEADER,
} from './constants';

/**
 * An id the client chose for a new comment, reply or discussion, so a replay can never create a
 * second row: the same id again by the same author for the same target answers with the existing
 * row (200); used by anyone else or for another target it is 409.
 */
export const ClientId = z.uuid({ error: 'id must be a UUID' }).transform((id) => id.toLowerCase());

/**
 * When the author wrote a queued comment or reply (the client's clock). Kept only if it is not in
 * the future of the server's clock, so a wrong device clock cannot put it ahead of its posting.
 */
export const WrittenAt = z.iso.datetime({ offset: true, error: 'writtenAt must be an ISO-8601 timestamp' });
