import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acquireLease } from '../db/leases';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../test/harness';
import { EVENTS_LEASE, EventRegistry, processEvents, recordEvent, type DomainEvent } from './index';

const TTL = 30_000;
const played = (n: number): DomainEvent => ({ type: 'episode.played', episodeId: `episode-${n}`, day: '2026-12-03' });

describe.each(DB_KINDS)('domain events (%s)', (kind) => {
  let t: TestDatabase;
  let registry: EventRegistry;
  let seen: string[];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.drop();
  });
  beforeEach(async () => {
    await t.db('events').delete();
    await t.db('leases').where({ name: EVENTS_LEASE }).delete();
    seen = [];
    registry = new EventRegistry().onAfterCommit('episode.played', 'test', async (_db, e) => {
      // A processor that takes a moment, so two runners would overlap if both could run.
      await new Promise((resolve) => setTimeout(resolve, 2));
      seen.push(e.episodeId);
    });
    registry.assembled = true;
  });

  const record = (events: DomainEvent[]) => t.db.transaction(async (trx) => {
    for (const e of events) await recordEvent(trx, e, registry);
  });

  it('runs in-transaction subscribers inside the write, and an event of a rolled-back write is never processed', async () => {
    const inside: boolean[] = [];
    registry.onInTransaction('episode.played', async (trx) => {
      inside.push(trx.isTransaction === true);
    });
    await expect(
      t.db.transaction(async (trx) => {
        await recordEvent(trx, played(1), registry);
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(inside).toEqual([true]);
    expect(Number((await t.db('events').count({ n: '*' }).first())!.n)).toBe(0);
    expect(await processEvents(t.db, { holder: 'a', ttlMs: TTL, registry })).toBe(0);
    expect(seen).toEqual([]);
  });

  it('an event no processor waits for is stored as processed; one that a processor waits for is processed once', async () => {
    await record([{ type: 'like.added', like: { targetType: 'article', targetId: 'x', createdAt: new Date().toISOString() } }, played(1)]);
    const rows = await t.db('events').orderBy('id').select('type', 'processed_at');
    expect(rows.map((r) => [r.type, r.processed_at !== null])).toEqual([
      ['like.added', true],
      ['episode.played', false],
    ]);
    expect(await processEvents(t.db, { holder: 'a', ttlMs: TTL, registry })).toBe(1);
    expect(await processEvents(t.db, { holder: 'a', ttlMs: TTL, registry })).toBe(0);
    expect(seen).toEqual(['episode-1']);
  });

  it('two concurrent runners process each event exactly once', async () => {
    await record(Array.from({ length: 30 }, (_, i) => played(i)));
    const runner = async (holder: string) => {
      for (let round = 0; round < 5; round++) await processEvents(t.db, { holder, ttlMs: TTL, registry });
    };
    await Promise.all([runner('a'), runner('b')]);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(Number((await t.db('events').whereNull('processed_at').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('a runner that crashed holding the lease is taken over once the lease ran out, and its events are processed', async () => {
    await record([played(1), played(2)]);
    // The crashed process took the lease and never finished its round.
    expect(await acquireLease(t.db, EVENTS_LEASE, 'crashed', TTL)).toBe(true);
    expect(await processEvents(t.db, { holder: 'b', ttlMs: TTL, registry })).toBe(0);
    expect(seen).toEqual([]);
    await t.db('leases').where({ name: EVENTS_LEASE }).update({ expires_at: new Date(Date.now() - 1_000).toISOString() });
    expect(await processEvents(t.db, { holder: 'b', ttlMs: TTL, registry })).toBe(2);
    expect(seen).toEqual(['episode-1', 'episode-2']);
  });

  it('a processor that fails leaves its event for the next round', async () => {
    let failures = 1;
    const flaky = new EventRegistry().onAfterCommit('episode.played', 'flaky', async (_db, e) => {
      if (failures-- > 0) throw new Error('mail server away');
      seen.push(e.episodeId);
    });
    flaky.assembled = true;
    await t.db.transaction((trx) => recordEvent(trx, played(1), flaky));
    const errors: unknown[] = [];
    expect(await processEvents(t.db, { holder: 'a', ttlMs: TTL, registry: flaky, onError: (err) => errors.push(err) })).toBe(0);
    expect(errors).toHaveLength(1);
    expect(await t.db('events').first('attempts', 'last_error')).toMatchObject({ last_error: 'mail server away' });
    expect(await processEvents(t.db, { holder: 'a', ttlMs: TTL, registry: flaky })).toBe(1);
    expect(seen).toEqual(['episode-1']);
  });

  it('refuses an event recorded before any subscriber list was assembled', async () => {
    const empty = new EventRegistry();
    await expect(t.db.transaction((trx) => recordEvent(trx, played(1), empty))).rejects.toThrow(/assembled/);
  });
});
