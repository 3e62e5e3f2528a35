import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type DbKind, type TestServer } from '../../test/harness';
import { signedIn, signInAs } from '../../test/agents';
import { insertPodcast } from '../../test/factories';

/*
 * Play counts (docs/decisions/2026-11-28-plays-counted-once-a-day.md): a listener's plays of one
 * episode count once per UTC day; a listener is the signed-in member, else the client's address.
 * Every call still answers 200 with the episode's current count.
 */

const START = Date.parse('2026-11-24T12:10:00.000Z');
const DAY = 24 * 60 * 60_000;

/** An anonymous play sent from another loopback address (Linux routes all of 127/8 to lo). */
function playFrom(baseUrl: string, episodeId: string, localAddress: string): Promise<{ status: number; body: { playCount: number } }> {
  const url = new URL(`/api/podcasts/${episodeId}/play`, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', localAddress, headers: { origin: baseUrl } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(DB_KINDS)('play counts de-duplicated [%s]', (kind: DbKind) => {
  let t: TestServer;
  let now = START;
  beforeAll(async () => {
    t = await startTestServer(kind, { clock: () => now });
  }, 60_000);
  afterAll(async () => t?.close());

  const signInAsSameUser = (agent: ReturnType<TestServer['agent']>, userId: string) => signInAs(t.db, agent, userId);
  const playCount = async (id: string) => Number((await t.db('podcast_episodes').where({ id }).first()).play_count);

  it('200 anonymous plays from one address count once today, each answered 200 with the count', async () => {
    now = START;
    const id = await insertPodcast(t.db);
    const anonymous = t.agent();
    const results = await Promise.all(Array.from({ length: 200 }, () => anonymous.post(`/api/podcasts/${id}/play`)));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => r.body.playCount))).toEqual(new Set([1]));
    expect(await playCount(id)).toBe(1);

    // Another address is another listener; the same address on another episode counts there.
    expect(await playFrom(t.url, id, '127.0.0.2')).toEqual({ status: 200, body: { playCount: 2 } });
    expect(await playFrom(t.url, id, '127.0.0.2')).toEqual({ status: 200, body: { playCount: 2 } });
    const other = await insertPodcast(t.db);
    expect((await anonymous.post(`/api/podcasts/${other}/play`)).body).toEqual({ playCount: 1 });
  });

  it('a member counts once a day, however often; two members count twice; anonymous visitors on their address apart', async () => {
    now = START;
    const id = await insertPodcast(t.db);
    const { agent: member } = await signedIn(t.db, t.agent());
    for (let i = 0; i < 20; i++) expect((await member.post(`/api/podcasts/${id}/play`)).status).toBe(200);
    // Concurrent plays by the same member, as two tabs or two processes would send them.
    await Promise.all(Array.from({ length: 20 }, () => member.post(`/api/podcasts/${id}/play`)));
    expect(await playCount(id)).toBe(1);
    const { agent: colleague } = await signedIn(t.db, t.agent());
    expect((await colleague.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 2 });
    // An anonymous visitor on the same address is not that member: counted on its own.
    expect((await t.agent().post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 3 });
    now = START + 6 * 60 * 60_000; // 18:10, later the same day
    expect((await member.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 3 });
  });

  it('the next UTC day counts the same listener again', async () => {
    now = START;
    const id = await insertPodcast(t.db);
    const anonymous = t.agent();
    const { agent: member } = await signedIn(t.db, t.agent());
    await anonymous.post(`/api/podcasts/${id}/play`);
    await member.post(`/api/podcasts/${id}/play`);
    const midnight = Math.floor(START / DAY) * DAY + DAY;
    now = midnight - 1; // 23:59:59.999 UTC: still the same day
    expect((await anonymous.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 2 });
    expect((await member.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 2 });
    now = midnight; // 00:00 UTC the next day
    expect((await anonymous.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 3 });
    expect((await member.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 4 });
    expect((await member.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 4 });
  });

  it('two processes on one database count a listener once', async () => {
    now = START;
    const second = await startTestServer(kind, { clock: () => now, database: t });
    try {
      const id = await insertPodcast(t.db);
      const { agent: viaFirst, user } = await signedIn(t.db, t.agent());
      const viaSecond = second.agent();
      await signInAsSameUser(viaSecond, user.id);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? viaFirst : viaSecond).post(`/api/podcasts/${id}/play`)));
      expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
      expect(await playCount(id)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('the counter holds no addresses or member ids', async () => {
    now = START;
    const id = await insertPodcast(t.db);
    const { agent: member, user } = await signedIn(t.db, t.agent());
    await member.post(`/api/podcasts/${id}/play`);
    await t.agent().post(`/api/podcasts/${id}/play`);
    const keys: string[] = (await t.db('rate_limit_windows').where('key', 'like', `play:${id}:%`).select('key')).map((r: { key: string }) => r.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^play:${id}:[0-9a-f]{32}$`));
      expect(key).not.toContain(user.id);
      expect(key).not.toContain('127.0.0.1');
    }
  });
});
