import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../test/harness';
import { acquireLease, heldByAnother, leasedJob, releaseLease } from './leases';
import { until } from '../test/wait';

const TTL = 60_000;
const AT = Date.parse('2030-01-01T00:00:00Z');

describeEachDb('leases: one holder of a periodic job across processes', (t) => {
  it('one of two racing processes gets a free lease; the holder renews it; the other waits for it to run out', async () => {
    const name = `job-${Date.now()}`;
    const raced = await Promise.all([acquireLease(t().db, name, 'a', TTL, AT), acquireLease(t().db, name, 'b', TTL, AT)]);
    expect(raced.filter(Boolean)).toHaveLength(1);
    const [holder, other] = raced[0] ? ['a', 'b'] : ['b', 'a'];
    expect(await acquireLease(t().db, name, holder, TTL, AT + TTL / 2)).toBe(true);
    // Renewed at TTL/2, so still held at TTL + 1 s.
    expect(await acquireLease(t().db, name, other, TTL, AT + TTL + 1_000)).toBe(false);
    // The holder died: once its lease ran out, the other takes it.
    expect(await acquireLease(t().db, name, other, TTL, AT + 2 * TTL)).toBe(true);
    expect(await acquireLease(t().db, name, holder, TTL, AT + 2 * TTL + 1)).toBe(false);
  });

  it('a lease given up is free at once', async () => {
    const name = `job-${Date.now()}-release`;
    expect(await acquireLease(t().db, name, 'a', TTL, AT)).toBe(true);
    await releaseLease(t().db, name, 'a');
    expect(await acquireLease(t().db, name, 'b', TTL, AT + 1)).toBe(true);
    // Releasing what one does not hold changes nothing.
    await releaseLease(t().db, name, 'a');
    expect(await acquireLease(t().db, name, 'a', TTL, AT + 2)).toBe(false);
  });

  it("another holder has the lease until the given time reaches its end, never by the machine's clock", async () => {
    const name = `job-${Date.now()}-held`;
    // Held from far in the past: by the machine's clock it ran out long ago, by the caller's it has not.
    const past = Date.parse('2001-01-01T00:00:00Z');
    expect(await acquireLease(t().db, name, 'a', TTL, past)).toBe(true);
    expect(await heldByAnother(t().db, name, 'b', past + TTL - 1)).toBe(true);
    expect(await heldByAnother(t().db, name, 'a', past + TTL - 1)).toBe(false);
    expect(await acquireLease(t().db, name, 'b', TTL, past + TTL - 1)).toBe(false);
    expect(await heldByAnother(t().db, name, 'b', past + TTL)).toBe(false);
    expect(await acquireLease(t().db, name, 'b', TTL, past + TTL)).toBe(true);
  });

  describe('a job under a lease', () => {
    const HOUR = 3_600_000;
    const failOnError = (err: unknown) => {
      throw err;
    };

    it('gives the lease up on stop after the round under way, even one still taking it', async () => {
      const name = `job-${Date.now()}-stopped-while-taking`;
      let runs = 0;
      const job = leasedJob(t().db, { name, holder: 'a', ttlMs: TTL, everyMs: HOUR, run: async () => void runs++, onError: failOnError });
      await job.tick();
      expect(runs).toBe(1);
      // A round renewing the lease when the process stops.
      const round = job.tick();
      await job.stop();
      await round;
      expect(await t().db('leases').where({ name })).toEqual([]);
      expect(await acquireLease(t().db, name, 'b', TTL)).toBe(true);
    });

    it('waits for a running round before giving the lease up, and runs no more rounds', async () => {
      const name = `job-${Date.now()}-stopped-while-running`;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let runs = 0;
      const job = leasedJob(t().db, { name, holder: 'a', ttlMs: TTL, everyMs: HOUR, run: () => (runs++, gate), onError: failOnError });
      const round = job.tick();
      await until(() => runs === 1, 15_000, 'the round to start');
      // A second tick joins the round under way instead of running beside it.
      void job.tick();
      const stopped = job.stop();
      expect(await t().db('leases').where({ name, holder: 'a' })).toHaveLength(1);
      open();
      await stopped;
      await round;
      expect(await t().db('leases').where({ name })).toEqual([]);
      await job.tick();
      expect(runs).toBe(1);
    });
  });
});
