import type { Knex } from 'knex';
import { acquireLease, leasedJob } from '../db/leases';
import { fromJson, toInt, toIso } from '../db/dialect';
import type { DomainEvent } from './catalogue';
import { eventRegistry, type EventRegistry } from './registry';

/** The lease whose holder runs the after-commit processors (one process at a time, any machine). */
export const EVENTS_LEASE = 'events';

const BATCH = 100;
/** A processor that failed this many times is given up on: its event is marked processed with the error kept. */
export const MAX_ATTEMPTS = 5;
/** Processed rows are kept this long (a trail to read when a processor misbehaved), then pruned. */
const KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface ProcessOptions {
  holder: string;
  ttlMs: number;
  registry?: EventRegistry;
  onError?: (err: unknown, event: { id: number; type: string }) => void;
}

/**
 * One round as the lease's holder: the unprocessed events, oldest first, each handed to its type's
 * processors and then marked processed. The lease is renewed before every batch and the round stops
 * the moment it is lost, so two processes never work through the same rows; a process that dies
 * mid-round leaves its events unprocessed for the next holder once its lease runs out. How many
 * events it processed.
 */
export async function processEvents(db: Knex, o: ProcessOptions): Promise<number> {
  const registry = o.registry ?? eventRegistry;
  let done = 0;
  for (;;) {
    if (!(await acquireLease(db, EVENTS_LEASE, o.holder, o.ttlMs))) return done;
    const rows: { id: unknown; type: string; payload: unknown; created_at: unknown; attempts: unknown }[] = await db('events')
      .whereNull('processed_at')
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'type', 'payload', 'created_at', 'attempts');
    if (!rows.length) break;
    for (const row of rows) {
      const id = toInt(row.id);
      const event = fromJson<DomainEvent | null>(row.payload, null);
      try {
        if (event) {
          for (const processor of registry.afterCommitOf(event.type)) await processor.run(db, event, { id, createdAt: toIso(row.created_at)! });
        }
        await db('events').where({ id }).whereNull('processed_at').update({ processed_at: new Date().toISOString() });
        done++;
      } catch (err) {
        o.onError?.(err, { id, type: row.type });
        const attempts = toInt(row.attempts) + 1;
        await db('events')
          .where({ id })
          .update({ attempts, last_error: String(err instanceof Error ? err.message : err).slice(0, 2000), processed_at: attempts >= MAX_ATTEMPTS ? new Date().toISOString() : null });
        // The rest waits for the next round: a processor that fails now may well fail for the next event too.
        return done;
      }
    }
    if (rows.length < BATCH) break;
  }
  await db('events').where('processed_at', '<', new Date(Date.now() - KEPT_MS).toISOString()).delete();
  return done;
}

/**
 * The after-commit processing of this process: a round every `everyMs` by the lease's holder, and
 * one at once when a write here commits an event a processor waits for (recordEvent's kick).
 * Answers the stop that the shutdown calls.
 */
export function startEventProcessing(
  db: Knex,
  o: { holder: string; everyMs: number; ready?: () => boolean; registry?: EventRegistry; onError: (err: unknown) => void },
): { tick: () => Promise<void>; stop: () => Promise<void> } {
  const registry = o.registry ?? eventRegistry;
  const ttlMs = Math.max(o.everyMs * 4, 30_000);
  const job = leasedJob(db, {
    name: EVENTS_LEASE,
    holder: o.holder,
    ttlMs,
    everyMs: o.everyMs,
    ready: o.ready,
    run: async () => {
      await processEvents(db, { holder: o.holder, ttlMs, registry, onError: o.onError });
    },
    onError: o.onError,
  });
  registry.setKick(() => void job.tick());
  return {
    tick: job.tick,
    async stop() {
      registry.setKick(undefined);
      await job.stop();
    },
  };
}
