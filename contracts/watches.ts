import { z } from './zod';

/**
 * Following a discussion or a forum category (docs/notifications.md "Watching"): a member's
 * level, as Discourse names them. `watching`: a notice of every new reply (and, for a category, of
 * every new discussion); `normal`: only replies to one's own discussion and mentions; `muted`: no
 * reply notices at all. No row means the default (docs/decisions/2026-11-28-watching.md).
 */
export const WATCH_LEVELS = ['watching', 'normal', 'muted'] as const;
export const WatchLevel = z.enum(WATCH_LEVELS, { error: `Must be one of: ${WATCH_LEVELS.join(', ')}` });
export type WatchLevel = z.infer<typeof WatchLevel>;

/** `PUT /api/forum/discussions/:id/watch` and `/api/forum/categories/:id/watch`. */
export const WatchInput = z.strictObject({ level: WatchLevel });
export type WatchInput = z.infer<typeof WatchInput>;

/** The viewer's level now; `chosen` false: no choice made, the default applies. */
export const Watch = z.object({ level: WatchLevel, chosen: z.boolean() });
export type Watch = z.infer<typeof Watch>;
