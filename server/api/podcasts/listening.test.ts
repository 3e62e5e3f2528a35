import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ListeningItem, ListeningRecord } from '../../../contracts/listening';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn } from '../../test/agents';
import { insertPodcast } from '../../test/factories';

/*
 * The listening record on both databases over real HTTP: the latest device time wins in every
 * order, finished at 95 %, idempotent replays, one member's record never another's, and the list's cost.
 */

describeEachDb('listening record', (t) => {
  const member = async (role: 'subscriber' | 'editor' = 'subscriber') => (await signedIn(t().db, t().agent(), role)).agent;
  const episode = (o: { status?: 'draft' | 'published'; title?: string; duration?: number } = {}) => insertPodcast(t().db, o);
  /** Device times, a minute apart, all in the past (the server clamps future ones). */
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
  const put = (a: Agent, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    a.request<ListeningRecord>('PUT', `/api/podcasts/${id}/listening`, { body, headers });
  const record = (a: Agent, id: string) => a.get<ListeningRecord>(`/api/podcasts/${id}/listening`);
  const list = async (a: Agent, query = '') => {
    const res = await a.get<ListeningItem[]>(`/api/listening${query}`);
    expect(res.status).toBe(200);
    return res;
  };

  it('records, answers and reads back the position', async () => {
    const me = await member();
    const id = await episode({ title: 'Lease accounting, part 2', duration: 1800 });
    const saved = await put(me, id, { positionSeconds: 754.5, deviceTime: at(1) });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ episodeId: id, positionSeconds: 754.5, durationSeconds: 1800, finished: false, deviceTime: at(1), updatedAt: expect.any(String) });
    expect((await record(me, id)).body).toEqual(saved.body);
    expect((await list(me)).body).toEqual([{ ...saved.body, title: 'Lease accounting, part 2', imageUrl: null }]);
  });

  it('an older change is ignored, answered 200 with the current record; a newer one wins', async () => {
    const me = await member();
    const id = await episode();
    await put(me, id, { positionSeconds: 600, durationSeconds: 1200, deviceTime: at(5) });
    const older = await put(me, id, { positionSeconds: 900, durationSeconds: 1300, finished: true, deviceTime: at(4) });
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ positionSeconds: 600, durationSeconds: 1200, finished: false, deviceTime: at(5) });
    // The latest change wins even when it goes back (the member re-listens to the start).
    const newer = await put(me, id, { positionSeconds: 30, deviceTime: at(6) });
    expect(newer.body).toMatchObject({ positionSeconds: 30, durationSeconds: 1200, finished: false, deviceTime: at(6) });
  });

  // Two devices, each with changes made offline, arrive in either order: the same record.
  const MERGES: Array<{ name: string; a: Array<Record<string, unknown>>; b: Array<Record<string, unknown>>; expect: Partial<ListeningRecord> }> = [
    {
      name: 'the phone stopped later than the desktop',
      a: [{ positionSeconds: 100, deviceTime: at(1) }, { positionSeconds: 700, deviceTime: at(3) }],
      b: [{ positionSeconds: 400, deviceTime: at(5) }],
      expect: { positionSeconds: 400, deviceTime: at(5), finished: false },
    },
    {
      name: 'finished on one device, then an earlier position arrives from the other',
      a: [{ positionSeconds: 1000, durationSeconds: 1000, finished: true, deviceTime: at(9) }],
      b: [{ positionSeconds: 200, durationSeconds: 1000, deviceTime: at(8) }],
      expect: { positionSeconds: 1000, finished: true, deviceTime: at(9) },
    },
    {
      name: 'the same device time and position: finished',
      a: [{ positionSeconds: 300, finished: true, deviceTime: at(2) }],
      b: [{ positionSeconds: 300, deviceTime: at(2) }],
      expect: { positionSeconds: 300, finished: true },
    },
    {
      name: 'the same device time: the further position',
      a: [{ positionSeconds: 300, durationSeconds: 1000, deviceTime: at(2) }],
      b: [{ positionSeconds: 500, durationSeconds: 1000, deviceTime: at(2) }],
      expect: { positionSeconds: 500, deviceTime: at(2) },
    },
  ];
  for (const m of MERGES) {
    it(`merge: ${m.name}, in either order`, async () => {
      const results = [];
      for (const order of [[...m.a, ...m.b], [...m.b, ...m.a]]) {
        const me = await member();
        const id = await episode();
        for (const body of order) expect((await put(me, id, body)).status).toBe(200);
        const res = await record(me, id);
        expect(res.body).toMatchObject(m.expect);
        const { updatedAt: _, episodeId: __, ...rest } = res.body;
        results.push(rest);
      }
      expect(results[0]).toEqual(results[1]);
    });
  }

  it('concurrent writes from several devices: the latest device time stands', async () => {
    const me = await member();
    const id = await episode({ duration: 3000 });
    const minutes = Array.from({ length: 20 }, (_, i) => (i * 7) % 20);
    const results = await Promise.all(minutes.map((m) => put(me, id, { positionSeconds: m * 10, deviceTime: at(m) })));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    expect((await record(me, id)).body).toMatchObject({ positionSeconds: 190, deviceTime: at(19) });
  });

  it('finished at 95 % of the duration, or when the player says so; the duration falls back to the last sent, then the episode', async () => {
    const me = await member();
    const id = await episode({ duration: 1000 });
    expect((await put(me, id, { positionSeconds: 949, deviceTime: at(1) })).body).toMatchObject({ durationSeconds: 1000, finished: false });
    expect((await put(me, id, { positionSeconds: 950, deviceTime: at(2) })).body).toMatchObject({ finished: true });
    // The player's own length replaces the episode's, and is kept for later changes.
    expect((await put(me, id, { positionSeconds: 950, durationSeconds: 2000, deviceTime: at(3) })).body).toMatchObject({ durationSeconds: 2000, finished: false });
    expect((await put(me, id, { positionSeconds: 1900, deviceTime: at(4) })).body).toMatchObject({ durationSeconds: 2000, finished: true });
    expect((await put(me, id, { positionSeconds: 10, finished: true, deviceTime: at(5) })).body).toMatchObject({ positionSeconds: 10, finished: true });
    // An episode with no known length is finished only when the player says so.
    const unknown = await episode();
    expect((await put(me, unknown, { positionSeconds: 5000, deviceTime: at(1) })).body).toMatchObject({ durationSeconds: null, finished: false });
    expect((await put(me, unknown, { positionSeconds: 5000, finished: true, deviceTime: at(2) })).body).toMatchObject({ finished: true });
  });

  it('replays change nothing: the same Idempotency-Key twice is one change', async () => {
    const me = await member();
    const id = await episode();
    const key = `ls-${randomUUID()}`;
    const first = await put(me, id, { positionSeconds: 120, deviceTime: at(1) }, { 'Idempotency-Key': key });
    const again = await put(me, id, { positionSeconds: 120, deviceTime: at(1) }, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await record(me, id)).body).toEqual(first.body);
    // The same key on another body is refused; the record is unchanged.
    expect((await put(me, id, { positionSeconds: 130, deviceTime: at(2) }, { 'Idempotency-Key': key })).status).toBe(422);
    // Without a key, the same change again is older-or-equal: nothing moves.
    for (let i = 0; i < 3; i++) expect((await put(me, id, { positionSeconds: 120, deviceTime: at(1) })).body).toEqual(first.body);
    expect(await t().db('listening_positions').where({ episode_id: id })).toHaveLength(1);
  });

  it("another member's record is never readable or writable", async () => {
    const alice = await member();
    const bob = await member();
    const id = await episode();
    await put(alice, id, { positionSeconds: 300, deviceTime: at(1) });
    expect((await record(bob, id)).status).toBe(404);
    expect((await list(bob)).body).toEqual([]);
    // Bob's write is his own row: Alice's record is untouched.
    await put(bob, id, { positionSeconds: 999, finished: true, deviceTime: at(9) });
    expect((await record(alice, id)).body).toMatchObject({ positionSeconds: 300, finished: false, deviceTime: at(1) });
    expect((await list(alice)).body.map((i) => i.positionSeconds)).toEqual([300]);
    expect(await t().db('listening_positions').where({ episode_id: id })).toHaveLength(2);
  });

  it('signed out 401, bad input 400 with field errors, unknown, draft or deleted episode 404', async () => {
    const me = await member();
    const id = await episode();
    const anonymous = t().agent();
    expect((await anonymous.get('/api/listening')).status).toBe(401);
    expect((await record(anonymous, id)).status).toBe(401);
    expect((await put(anonymous, id, { positionSeconds: 1, deviceTime: at(1) })).status).toBe(401);

    const bad = await put(me, id, { positionSeconds: -1, durationSeconds: 0, finished: 'yes', deviceTime: 'yesterday' });
    expect(bad.status).toBe(400);
    const errors = (bad.body as unknown as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(['deviceTime', 'durationSeconds', 'finished', 'positionSeconds']);
    expect(errors.deviceTime).toEqual(['deviceTime must be an ISO-8601 timestamp']);
    for (const body of [{}, { positionSeconds: '12', deviceTime: at(1) }, { positionSeconds: 1e9, deviceTime: at(1) }, { positionSeconds: 1, deviceTime: '1999-12-31T00:00:00Z' }]) {
      const res = await put(me, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await me.request('PUT', `/api/podcasts/${id}/listening`, { body: [1, 2] })).status).toBe(400);
    expect((await me.get('/api/listening?limit=0')).status).toBe(400);
    expect((await me.get('/api/listening?cursor=nonsense')).status).toBe(400);

    // More than five minutes ahead is refused; within that, clamped to the server's time.
    expect((await put(me, id, { positionSeconds: 1, deviceTime: new Date(Date.now() + 3600_000).toISOString() })).status).toBe(400);
    const ahead = new Date(Date.now() + 60_000).toISOString();
    const clamped = await put(me, id, { positionSeconds: 2, deviceTime: ahead });
    expect(clamped.status).toBe(200);
    expect(Date.parse(clamped.body.deviceTime)).toBeLessThan(Date.parse(ahead));

    const draft = await episode({ status: 'draft' });
    for (const missing of [randomUUID(), 'not-an-id', draft]) {
      expect((await put(me, missing, { positionSeconds: 1, deviceTime: at(1) })).status).toBe(404);
      expect((await record(me, missing)).status).toBe(404);
    }
    // No record yet: 404 with its own message.
    const fresh = await episode();
    const none = await record(me, fresh);
    expect(none.status).toBe(404);
    expect((none.body as unknown as { message: string }).message).toBe('No listening record for this episode');
    // Editors may keep a position in a draft, which they can open.
    expect((await put(await member('editor'), draft, { positionSeconds: 1, deviceTime: at(1) })).status).toBe(200);

    // A deleted episode takes its records with it.
    const editor = await member('editor');
    const deleted = await episode();
    await put(me, deleted, { positionSeconds: 1, deviceTime: at(1) });
    expect((await editor.delete(`/api/podcasts/${deleted}`)).status).toBe(200);
    expect((await record(me, deleted)).status).toBe(404);
    expect((await put(me, deleted, { positionSeconds: 1, deviceTime: at(2) })).status).toBe(404);
    expect((await list(me)).body.map((i) => i.episodeId)).not.toContain(deleted);
  });

  it('the list: newest change first, paged by cursor, drafts only for editors', async () => {
    const me = await member();
    const ids = [await episode(), await episode(), await episode()];
    for (const [i, id] of ids.entries()) await put(me, id, { positionSeconds: 10, deviceTime: at(i + 1) });
    const first = await list(me, '?limit=2');
    expect(first.body.map((i) => i.episodeId)).toEqual([ids[2], ids[1]]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await list(me, `?limit=2&cursor=${encodeURIComponent(cursor!)}`);
    expect(second.body.map((i) => i.episodeId)).toEqual([ids[0]]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    // An episode set back to draft leaves a subscriber's list (and its record is 404 to them).
    await t().db('podcast_episodes').where({ id: ids[1] }).update({ status: 'draft' });
    expect((await list(me)).body.map((i) => i.episodeId)).toEqual([ids[2], ids[0]]);
  });

  it('one query for the list, whether it holds 1 or 50 records', async () => {
    const one = await member();
    const fifty = await member();
    await put(one, await episode(), { positionSeconds: 1, deviceTime: at(1) });
    for (let i = 0; i < 50; i++) await put(fifty, await episode(), { positionSeconds: i, deviceTime: at(i) });
    const cost = async (a: Agent) => {
      let length = 0;
      const queries = await t().countQueries(async () => {
        length = (await list(a)).body.length;
      });
      return { length, queries };
    };
    const small = await cost(one);
    const large = await cost(fifty);
    expect([small.length, large.length]).toEqual([1, 50]);
    expect(large.queries).toBe(small.queries);
  });
});
