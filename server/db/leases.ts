import type { Knex } from 'knex';
import { isUniqueViolation, toIso } from './dialect';

/**
 * Leases in the database: a named job held by one process at a time, whichever machine it
 * runs on, elected through the database rather than by process number. `acquire` takes the lease if
 * it is free, ran out, or is already this holder's (renewing it), in one statement each, so two
 * processes racing for it cannot both win; a holder that dies loses it when it runs out.
 */
export async function acquireLease(db: Knex, name: string, holder: string, ttlMs: number, at: number = Date.now()): Promise<boolean> {
  const expiresAt = new Date(at + ttlMs).toISOString();
  const taken = await db('leases')
    .where({ name })
    .andWhere((q) => q.where({ holder }).orWhere('expires_at', '<=', new Date(at).toISOString()))
    .update({ holder, expires_at: expiresAt });
  if (taken > 0) return true;
  try {
    await db('leases').insert({ name, holder, expires_at: expiresAt });
    return true;
  } catch (err) {
    // Another process holds it (the row exists and is theirs), or inserted it first.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Gives the lease up (a process shutting down), so another can take it without waiting. */
export async function releaseLease(db: Knex, name: string, holder: string): Promise<void> {
  await db('leases').where({ name, holder }).delete();
}

/** Whether another holder has `name` at `at` (one select: the cheap check before trying to take it). */
export async function heldByAnother(db: Knex, name: string, holder: string, at: number = Date.now()): Promise<boolean> {
  const row = await db('leases').where({ name }).first('holder', 'expires_at');
  return Boolean(row && row.holder !== holder && Date.parse(toIso(row.expires_at)!) > at);
}

export interface LeasedJob {
  /** One round now: take or renew the lease, then run if held. A round under way is joined, not doubled. */
  tick(): Promise<void>;
  /** No more rounds; waits for the one under way, then gives the lease up. */
  stop(): Promise<void>;
}

/**
 * A periodic job run every `everyMs` by whichever process holds lease `name` (held for `ttlMs` from
 * each round). stop() waits for the round under way before giving the lease up: a round still
 * renewing it after the release would take it back, and the next holder would wait out its ttl.
 */
export function leasedJob(
  db: Knex,
  o: { name: string; holder: string; ttlMs: number; everyMs: number; ready?: () => boolean; run: () => Promise<void>; onError: (err: unknown) => void },
): LeasedJob {
  let stopped = false;
  let round: Promise<void> | undefined;
  const tick = () => {
    round ??= (async () => {
      try {
        if (!stopped && (o.ready?.() ?? true) && (await acquireLease(db, o.name, o.holder, o.ttlMs)) && !stopped) await o.run();
      } catch (err) {
        o.onError(err);
      } finally {
        round = undefined;
      }
    })();
    return round;
  };
  const timer = setInterval(() => void tick(), o.everyMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
      await releaseLease(db, o.name, o.holder).catch(() => {});
    },
  };
}
