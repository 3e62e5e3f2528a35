import type { Knex } from 'knex';
import type { CacheCoherence } from '../../db/coherence';
import { isWriteConflict } from '../../db/dialect';
import { recordContentChange } from './changes';
import { ARTICLES, PODCASTS, type ContentKind } from './kinds';
import type { ContentRow } from './repo';

/*
 * Scheduled publishing: a draft with a publish time (`scheduled_at`) is published by the job once
 * the time has come. main.ts runs `publishDue` in the one process holding the `publisher` lease,
 * every SCHEDULE_POLL_MS; even so, each item is published by a conditional UPDATE whose row count
 * decides who did it, so two processes running it at the same moment (a lease handed over, a test)
 * still publish, audit and notify exactly once.
 */

/** The job's audit name; the entry's actor id is the member who set the time. */
export const SCHEDULED_PUBLISHING = 'Scheduled publishing';

/** Most items one run publishes per kind; the rest wait for the next run (a few seconds). */
const BATCH = 100;

interface ScheduledRow extends ContentRow {
  scheduled_by: string | null;
}

/**
 * Publishes the drafts whose publish time is at or before `now`; answers how many this call
 * published. Each in its own transaction with its audit entry and the article author's
 * notification (content/changes.ts), as a manual publish would.
 */
export async function publishDue(db: Knex, now: number = Date.now(), { origin = '' }: { origin?: string } = {}): Promise<number> {
  const at = new Date(now).toISOString();
  let published = 0;
  for (const kind of [ARTICLES, PODCASTS]) {
    const due: ScheduledRow[] = await dueQuery(db, kind, at).orderBy('scheduled_at').limit(BATCH).select(kind.columns);
    // The schedulers whose accounts still exist (scheduled_by has no foreign key: its migration says why).
    const schedulers = new Set<string>(await db('users').whereIn('id', due.flatMap((r) => (r.scheduled_by ? [r.scheduled_by] : []))).pluck('id'));
    for (const row of due) {
      const won = await againOnWriteConflict(() => db.transaction(async (trx) => {
        const columns = { status: 'published' };
        const updated = await dueQuery(trx, kind, at)
          .where({ id: row.id })
          .update({ ...columns, published_at: trx.raw('coalesce(??, ?)', ['published_at', at]), scheduled_at: null, scheduled_by: null, updated_at: at });
        if (updated === 0) return false;
        await recordContentChange(trx, kind, { actor: { id: row.scheduled_by && schedulers.has(row.scheduled_by) ? row.scheduled_by : null, name: SCHEDULED_PUBLISHING }, origin, before: row, columns });
        return true;
      }));
      if (won) published++;
    }
  }
  return published;
}

/**
 * Runs `write` again when SQLite refused it because another process wrote first (two processes
 * running the job at once): the conditional UPDATE then finds the item already published.
 */
async function againOnWriteConflict<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isWriteConflict(err) || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** Drafts whose time has come (served by the `…_scheduled_idx` index). */
function dueQuery(db: Knex | Knex.Transaction, kind: ContentKind, at: string) {
  return db(kind.table).where('status', 'draft').whereNotNull('scheduled_at').where('scheduled_at', '<=', at);
}

/**
 * The caches a request's write empties (responseCache's onWrite and the coherence between
 * processes) for a write made outside a request: the publishing job. `coherence` is what the app
 * is given; `wrote()` empties this process's caches and tells the other processes.
 */
export function withJobWrites(shared: CacheCoherence): { coherence: CacheCoherence; wrote(): Promise<void> } {
  const listeners: Array<() => void> = [];
  return {
    coherence: {
      usable: () => shared.usable(),
      announce: () => shared.announce(),
      onOtherWrite: (listener) => {
        listeners.push(listener);
        shared.onOtherWrite(listener);
      },
      close: () => shared.close(),
    },
    async wrote() {
      for (const listener of listeners) listener();
      await shared.announce().catch(() => {});
    },
  };
}
