import { z } from 'zod';
import { isStorableTime } from '../../db/dialect';

/**
 * The discussion list is ordered by (is_pinned desc, created_at desc, id desc); a cursor is the
 * position of the last row of a page. It travels as opaque base64url JSON in `X-Next-Cursor` and
 * comes back as `?before=`. Timestamps are the millisecond ISO strings the app writes.
 */
export interface DiscussionCursor {
  pinned: boolean;
  createdAt: string;
  id: string;
}

const Encoded = z.tuple([z.union([z.literal(0), z.literal(1)]), z.iso.datetime().refine((s) => isStorableTime(Date.parse(s))), z.uuid()]);

export function encodeCursor(cursor: DiscussionCursor): string {
  return Buffer.from(JSON.stringify([cursor.pinned ? 1 : 0, cursor.createdAt, cursor.id])).toString('base64url');
}

/** null when the value was not made by encodeCursor. */
export function decodeCursor(value: string): DiscussionCursor | null {
  try {
    const parsed = Encoded.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    const [pinned, createdAt, id] = parsed.data;
    return { pinned: pinned === 1, createdAt, id };
  } catch {
    return null;
  }
}
