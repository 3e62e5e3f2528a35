import type { Knex } from 'knex';
import { acquireLease, releaseLease } from '../../db/leases';
import type { Notifier } from '../notifications/notify';

const WATCH_MAIL_LEASE = 'watch-mail';

/**
 * The watched-replies mail job (docs/notifications.md, "Watching"): one process at a time, the holder
 * of the `watch-mail` lease, sends the bursts whose oldest reply waited `intervalMs`. It looks four
 * times per interval (at most once a minute), so a burst is mailed within a quarter interval of being
 * due. Answers the stop that the shutdown calls.
 */
export function startWatchMail(o: { db: Knex; notifier: Notifier; holder: string; ready: () => boolean; intervalMs: number; origin: string }): () => Promise<void> {
  const pollMs = Math.min(Math.max(Math.floor(o.intervalMs / 4), 250), 60_000);
  const ttlMs = pollMs * 4 + 5_000;
  const run = async () => {
    if (!o.ready() || !(await acquireLease(o.db, WATCH_MAIL_LEASE, o.holder, ttlMs))) return;
    await o.notifier.sendWatchBatches(o.db, o.origin, o.intervalMs);
  };
  const timer = setInterval(() => void run().catch((err) => console.error('Watched-replies mail failed:', err)), pollMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await releaseLease(o.db, WATCH_MAIL_LEASE, o.holder).catch(() => {});
  };
}
