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
import { singleLineProblem, textProblem } from './text';

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

/**
 * Every string a client sends (body fields, query parameters) starts here, so one rule holds for
 * all of them: no control characters but tab, line feed and carriage return, and nothing that is
 * not Unicode text (`textProblem` in ./text says why). It runs on the raw value, before `.trim()`
 * and the field's own rules, and stops there, so the form shows this one message under the field.
 */
const safeTextCheck = z.superRefine<string>((value, ctx) => {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value, continue: false });
});

/** `z.string()` under the text rule; `error` is the message for a missing or non-string value. */
export function safeText(error?: string) {
  return z.string(error === undefined ? undefined : { error }).check(safeTextCheck);
}

const singleLineCheck = z.superRefine<string>((value, ctx) => {
  const problem = singleLineProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value, continue: false });
});

/**
 * `safeText` for a one-line field (names, titles, labels): no line breaks or tabs either
 * (`singleLineProblem` in ./text). Checked on the raw value, so a trailing CR/LF is refused, not trimmed.
 */
export function singleLineText(error?: string) {
  return z.string(error === undefined ? undefined : { error }).check(singleLineCheck);
}

/** Free text that may be cleared: trimmed, and blank or null means "none" (null); one line unless `multiline`. */
export function clearableText(label: string, max: number, multiline = false) {
  return (multiline ? safeText : singleLineText)(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || null);
}

/**
 * `clearableText` that may be absent (left unchanged on update). `.optional()` comes last so the
 * key stays optional in the inferred type as well.
 */
export function optionalText(label: string, max: number, multiline = false) {
  return clearableText(label, max, multiline).optional();
}

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

/** How far a device's clock may run ahead of the server's before its `writtenAt` is refused. */
export const WRITTEN_AT_SKEW_MS = 5 * 60_000;
/**
 * No `writtenAt` before this: the app did not exist then, and it keeps every accepted time inside
 * the years 0001–9999 that PostgreSQL and SQLite store and compare alike (PostgreSQL refuses
 * year 0, which SQLite would store). The server also refuses a time before the author's account.
 */
export const WRITTEN_AT_FLOOR = '2000-01-01T00:00:00Z';
export const WRITTEN_AT_MESSAGES = {
  format: 'writtenAt must be an ISO-8601 timestamp',
  tooEarly: 'The time this was written is too far in the past',
  beforeAccount: 'The time this was written is before your account was created',
  future: "The time this was written is in the future: check this device's clock",
} as const;

/**
 * When the author wrote a queued comment or reply (the client's clock). Refused when before
 * `WRITTEN_AT_FLOOR` or more than `WRITTEN_AT_SKEW_MS` ahead of this clock (the server's, when the
 * server checks); within the skew it is kept and the server clamps it to its own time, so a
 * comment is never dated after its posting. docs/security.md §4.
 */
export const WrittenAt = z.iso
  .datetime({ offset: true, error: WRITTEN_AT_MESSAGES.format, abort: true })
  .refine((v) => Date.parse(v) >= Date.parse(WRITTEN_AT_FLOOR), { error: WRITTEN_AT_MESSAGES.tooEarly, abort: true })
  .refine((v) => Date.parse(v) <= Date.now() + WRITTEN_AT_SKEW_MS, { error: WRITTEN_AT_MESSAGES.future });
