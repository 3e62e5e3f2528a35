import type { Knex } from 'knex';
import { toInt } from './dialect';

/**
 * Fixed-window counters in the database, shared by every process on it (docs/security.md §12).
 *
 * Windows are aligned to the clock: a window of `windowMs` starts at a multiple of `windowMs` since
 * the epoch, so two processes counting the same key at the same moment land on the same row, and
 * one `insert … on conflict … do update set count = count + 1 returning count` (SQLite ≥ 3.35 and
 * PostgreSQL alike) counts exactly, however many requests race.
 *
 * The in-memory login limiter (`middleware/rate-limit.ts`) can move onto this: `hitWindow` is its
 * `hit`, `unhitWindow` its `refund`, and `retryAfterMs` follows from the window returned.
 */
export interface CountedWindow {
  /** This key's count in the window, including the hit just made. */
  count: number;
  /** When the window ends (epoch ms): Retry-After is the time until then. */
  endsAt: number;
  start: string;
}

const TABLE = 'rate_limit_windows';

function windowOf(windowMs: number, at: number): { start: string; endsAt: number } {
  const start = Math.floor(at / windowMs) * windowMs;
  return { start: new Date(start).toISOString(), endsAt: start + windowMs };
}

/** Counts one hit for `key` in the window containing `at`, and returns the window's count. */
export async function hitWindow(db: Knex, key: string, windowMs: number, at: number): Promise<CountedWindow> {
  const { start, endsAt } = windowOf(windowMs, at);
  const [row] = (await db(TABLE)
    .insert({ key, window_start: start, count: 1, expires_at: new Date(endsAt).toISOString() })
    .onConflict(['key', 'window_start'])
    .merge({ count: db.raw('?? + 1', [`${TABLE}.count`]) })
    .returning('count')) as { count: unknown }[];
  return { count: toInt(row.count), endsAt, start };
}

/**
 * Gives a hit back (a refused or replayed request), in the window it was counted in only. A window
 * back at zero is deleted, so a refused request leaves the table as it found it; a hit racing in
 * between makes the count 1 again and the delete then leaves that row alone.
 */
export async function unhitWindow(db: Knex, key: string, window: CountedWindow): Promise<void> {
  const row = () => db(TABLE).where({ key, window_start: window.start });
  await row().where('count', '>', 0).update({ count: db.raw('?? - 1', ['count']) });
  await row().where('count', '<=', 0).delete();
}

/** Deletes ended windows; any process may run it at any time (it deletes by age only). */
export async function sweepEndedWindows(db: Knex, at: number = Date.now()): Promise<number> {
  return db(TABLE).where('expires_at', '<=', new Date(at).toISOString()).delete();
}
