import type { Knex } from 'knex';
import { leasedJob } from '../../db/leases';
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
  const job = leasedJob(o.db, {
    name: WATCH_MAIL_LEASE,
    holder: o.holder,
    ttlMs: pollMs * 4 + 5_000,
    everyMs: pollMs,
    ready: o.ready,
    run: async () => {
      await o.notifier.sendWatchBatches(o.db, o.origin, o.intervalMs);
    },
    onError: (err) => console.error('Watched-replies mail failed:', err),
  });
  return job.stop;
}
