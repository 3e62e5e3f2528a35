import { z } from 'zod';
import { Id } from '../../contracts/common';
import { isStorableTime } from '../db/dialect';
import { badRequest } from '../errors';

/*
 * The one cursor module: opaque keyset cursors for every paged list, base64url of a JSON
 * tuple of the sort values of the last item served. The next page starts strictly after that tuple,
 * so rows inserted meanwhile never cause overlap. A cursor this module did not make is a 400
 * 'Invalid cursor' under the parameter that carried it.
 */

const IsoTimestamp = z
  .string()
  .refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && isStorableTime(Date.parse(s)))
  // Canonical form: the same ISO text the app writes, so SQLite's text comparison is exact.
  .transform((s) => new Date(s).toISOString());

/** Lists of articles and episodes: (publishedAt, createdAt, id) of the last item. */
const ListCursor = z.tuple([IsoTimestamp.nullable(), IsoTimestamp, Id]);
export type ListCursor = z.infer<typeof ListCursor>;

/** Lists keyed by (createdAt, id) of the last item: comments (oldest first), notifications (newest first). */
const AscCursor = z.tuple([IsoTimestamp, Id]);
export type AscCursor = z.infer<typeof AscCursor>;

/** The forum's discussions, pinned first: (isPinned 0/1, createdAt, id) of the last one. */
const DiscussionTuple = z.tuple([z.union([z.literal(0), z.literal(1)]), IsoTimestamp, Id]);
export interface DiscussionCursor {
  pinned: boolean;
  createdAt: string;
  id: string;
}

/** Grouped notifications, newest group first: (the group's newest createdAt, its key) of the last one. */
const GroupCursor = z.tuple([IsoTimestamp, z.string().regex(/^[a-z]+-[0-9a-f-]{36}$/)]);
export type GroupCursor = z.infer<typeof GroupCursor>;

export function encodeCursor(values: ListCursor | AscCursor | GroupCursor | z.infer<typeof DiscussionTuple>): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decode<S extends z.ZodType>(schema: S, cursor: string, param: string): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    raw = undefined;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest('Invalid cursor', { [param]: ['Invalid cursor'] });
  return parsed.data;
}

export const decodeListCursor = (cursor: string, param: string): ListCursor => decode(ListCursor, cursor, param);
export const decodeAscCursor = (cursor: string, param: string): AscCursor => decode(AscCursor, cursor, param);
export const decodeGroupCursor = (cursor: string, param: string): GroupCursor => decode(GroupCursor, cursor, param);

export const encodeDiscussionCursor = ({ pinned, createdAt, id }: DiscussionCursor): string =>
  encodeCursor([pinned ? 1 : 0, createdAt, id]);
export function decodeDiscussionCursor(cursor: string, param: string): DiscussionCursor {
  const [pinned, createdAt, id] = decode(DiscussionTuple, cursor, param);
  return { pinned: pinned === 1, createdAt, id };
}
