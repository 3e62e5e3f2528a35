import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type DbKind, type TestServer } from './harness';
import { signedIn } from './agents';
import { insertPodcast } from './factories';

/*
 * Play counts (docs/security.md §12): a listener's plays of one episode count once per clock hour;
 * a listener is the signed-in member, else the client's address. Every call still answers 200
 * with the episode's current count.
 */

const START = Date.parse('2026-11-24T12:10:00.000Z');

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

  const playCount = async (id: string) => Number((await t.db('podcast_episodes').where({ id }).first()).play_count);

  it('200 anonymous plays from one address count once this hour, each answered 200 with the count', async () => {
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

  it('a signed-in listener counts once per hour, apart from anonymous visitors on the same address; another member counts too', async () => {
    now = START;
    const id = await insertPodcast(t.db);
    const { agent: member } = await signedIn(t.db, t.agent());
    for (let i = 0; i < 20; i++) expect((await member.post(`/api/podcasts/${id}/play`)).status).toBe(200);
    expect(await playCount(id)).toBe(1);
    // An anonymous visitor on the same address is not that member: counted on its own.
    expect((await t.agent().post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 2 });
    const { agent: colleague } = await signedIn(t.db, t.agent());
    expect((await colleague.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 3 });
    expect((await member.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 3 });
  });

  it('the next hour counts the same listener again', async () => {
    now = START;
    const id = await insertPodcast(t.db);
    const anonymous = t.agent();
    await anonymous.post(`/api/podcasts/${id}/play`);
    now = START + 49 * 60_000; // 12:59: still the same hour
    expect((await anonymous.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 1 });
    now = START + 50 * 60_000; // 13:00
    expect((await anonymous.post(`/api/podcasts/${id}/play`)).body).toEqual({ playCount: 2 });
  });
});
