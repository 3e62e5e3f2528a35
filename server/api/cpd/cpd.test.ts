import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { CPD_MESSAGES, type CpdEntry, type CpdRevision, type CpdTimeResult, type CpdYear } from '../../../contracts/cpd';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn } from '../../test/agents';
import { createCategory, insertArticle, insertPodcast } from '../../test/factories';

/*
 * The CPD ledger on both databases over real HTTP, on the app's own clock (set here, never waited
 * for): time records re-checked (replays, overlaps, the wall clock, caps, pauses, synced later),
 * the year view, reflections and revisions, the member's own entries, deletion, the public
 * verification, the cost of the year view, and bad input.
 */

/** The server's "now": the suite moves it. Before the real time, so the contract's own check of device times passes. */
let nowMs = Date.UTC(2026, 2, 10, 12, 0, 0);
const clock = () => nowMs;

describeEachDb(
  'cpd ledger',
  (t) => {
    let reading: { id: string; name: string };
    let tax: { id: string; name: string };
    beforeAll(async () => {
      reading = await createCategory(t().db, { name: `Audit ${randomUUID().slice(0, 6)}` });
      tax = await createCategory(t().db, { name: `Tax ${randomUUID().slice(0, 6)}` });
    });
    beforeEach(() => {
      nowMs = Date.UTC(2026, 2, 10, 12, 0, 0);
    });

    /** 660 words: a 3-minute read, so a cap of 9 minutes. */
    const LONG = 'word '.repeat(660);
    const article = (o: { status?: 'draft' | 'published'; content?: string; categoryIds?: string[] } = {}) =>
      insertArticle(t().db, { categoryIds: o.categoryIds ?? [reading.id], content: o.content ?? LONG, status: o.status });
    const member = async (role: 'subscriber' | 'editor' | 'admin' = 'subscriber') => signedIn(t().db, t().agent(), role);
    /** An ISO time `minutes` after (or before) the server's now. */
    const at = (minutes: number) => new Date(nowMs + minutes * 60_000).toISOString();
    const record = (o: { itemId: string; itemType?: 'article' | 'episode' | 'discussion'; from: number; to: number; active?: number; offline?: boolean; id?: string }) => ({
      id: o.id ?? randomUUID(),
      itemType: o.itemType ?? 'article',
      itemId: o.itemId,
      startedAt: at(o.from),
      endedAt: at(o.to),
      activeSeconds: o.active ?? (o.to - o.from) * 60,
      recordedOffline: o.offline ?? false,
    });
    const send = (a: Agent, body: unknown) => a.post<CpdTimeResult & { message?: string; errors: Record<string, string[]> }>('/api/cpd/time', body);
    const year = async (a: Agent, q = '') => {
      const res = await a.get<CpdYear>(`/api/cpd${q}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    const entry = async (a: Agent, id: string) => (await a.get<CpdEntry & { revisions: CpdRevision[] }>(`/api/cpd/entries/${id}`)).body;

    it('a record makes the entry, copied from the item, and counts its minutes', async () => {
      const { agent } = await member();
      const id = await article();
      await t().db('news_articles').where({ id }).update({ source_name: 'IFAC', learning_objectives: 'Explain ISA 600' });
      const res = await send(agent, record({ itemId: id, from: -5, to: -3 }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ entryId: expect.any(String), countedSeconds: 120, syncedLater: false });
      const view = await year(agent);
      expect(view.entries).toEqual([
        expect.objectContaining({ id: res.body.entryId, type: 'article', itemId: id, provider: 'IFAC', objectives: 'Explain ISA 600', minutes: 2, firstDate: '2026-03-10', lastDate: '2026-03-10', syncedLater: false, verifiableReady: false }),
      ]);
      expect(view.entries[0].topics).toEqual([{ id: reading.id, name: reading.name }]);
      expect(view.entries[0].verificationUrl).toBe(`${t().url}/verify/${view.entries[0].verificationCode}`);
      expect(view.entries[0].verificationCode).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    });

    it('a replayed record is counted once and answers as the first time', async () => {
      const { agent } = await member();
      const id = await article();
      const body = record({ itemId: id, from: -4, to: -2 });
      const first = await send(agent, body);
      const again = await send(agent, body);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const keyed = await agent.request('POST', '/api/cpd/time', { body, headers: { 'Idempotency-Key': `cpd-${randomUUID()}` } });
      expect(keyed.body).toEqual(first.body);
      expect((await year(agent)).totals.minutes).toBe(2);
      expect(await t().db('cpd_time_records').where({ id: body.id }).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    });

    it('two overlapping records count the time they share once, across items of the same medium', async () => {
      const { agent } = await member();
      const [a, b] = [await article(), await article()];
      expect((await send(agent, record({ itemId: a, from: -10, to: -6 }))).body.countedSeconds).toBe(240);
      // Minutes -8 to -6 were counted already: only -6 to -4 is new.
      expect((await send(agent, record({ itemId: a, from: -8, to: -4 }))).body.countedSeconds).toBe(120);
      // Another article read in another tab at the same time: the member read one thing at a time.
      expect((await send(agent, record({ itemId: b, from: -9, to: -5 }))).body.countedSeconds).toBe(0);
      // Listening is another medium: it may overlap reading.
      const episode = await insertPodcast(t().db, { categoryIds: [tax.id], duration: 3600 });
      expect((await send(agent, record({ itemType: 'episode', itemId: episode, from: -10, to: -6 }))).body.countedSeconds).toBe(240);
      expect((await year(agent)).totals.minutes).toBe(10);
    });

    it('more active seconds than the wall clock, or an end before the start, is refused (422)', async () => {
      const { agent } = await member();
      const id = await article();
      const over = await send(agent, { ...record({ itemId: id, from: -3, to: -2 }), activeSeconds: 120 });
      expect(over.status).toBe(422);
      expect(over.body).toMatchObject({ message: CPD_MESSAGES.overWallClock, errors: { activeSeconds: [CPD_MESSAGES.overWallClock] } });
      const backwards = await send(agent, { ...record({ itemId: id, from: -2, to: -3 }), activeSeconds: 0 });
      expect(backwards.status).toBe(422);
      expect(backwards.body.errors).toEqual({ endedAt: [CPD_MESSAGES.endBeforeStart] });
      expect((await year(agent)).entries).toEqual([]);
    });

    it("a device time ahead of the server's clock is refused (422)", async () => {
      const { agent } = await member();
      const id = await article();
      const res = await send(agent, record({ itemId: id, from: 6, to: 8 }));
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ startedAt: ["startedAt is in the future: check this device's clock"], endedAt: ["endedAt is in the future: check this device's clock"] });
      // Up to five minutes ahead is a clock's drift, and counts.
      expect((await send(agent, record({ itemId: id, from: 2, to: 4 }))).status).toBe(200);
    });

    it('caps: an article at 3 × its reading time, an episode at 2 × its length, a discussion at 30 minutes', async () => {
      const { agent, user } = await member();
      const id = await article();
      let total = 0;
      for (let m = -60; m < -48; m += 2) total += (await send(agent, record({ itemId: id, from: m, to: m + 2 }))).body.countedSeconds;
      expect(total).toBe(9 * 60);
      const episode = await insertPodcast(t().db, { categoryIds: [tax.id], duration: 120 });
      total = 0;
      for (let m = -60; m < -50; m += 2) total += (await send(agent, record({ itemType: 'episode', itemId: episode, from: m, to: m + 2 }))).body.countedSeconds;
      expect(total).toBe(240);
      const forum = uuidv7();
      await t().db('forum_categories').insert({ id: forum, name: `Forum ${randomUUID().slice(0, 6)}` });
      const discussion = uuidv7();
      await t().db('forum_discussions').insert({ id: discussion, title: 'Going concern', content: 'Thoughts?', category_id: forum, author_id: user.id, status: 'published' });
      const res = await send(agent, { ...record({ itemType: 'discussion', itemId: discussion, from: -45, to: -5 }), activeSeconds: 2400 });
      expect(res.body.countedSeconds).toBe(1800);
    });

    it('tracking paused: records are refused (403) until it resumes', async () => {
      const { agent } = await member();
      const id = await article();
      const settings = { body: 'acca', yearStartMonth: 1, trackingPaused: true, digestNudge: false };
      expect((await agent.put('/api/cpd/settings', settings)).body).toEqual({ ...settings, targetHours: 40, verifiableHours: 21 });
      const res = await send(agent, record({ itemId: id, from: -3, to: -1 }));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(CPD_MESSAGES.paused);
      expect((await agent.get('/api/cpd/today')).body.trackingPaused).toBe(true);
      await agent.put('/api/cpd/settings', { ...settings, trackingPaused: false });
      expect((await send(agent, record({ itemId: id, from: -3, to: -1 }))).status).toBe(200);
    });

    it('synced later: recorded offline, or arriving long after it ended', async () => {
      const { agent } = await member();
      const [a, b, c] = [await article(), await article(), await article()];
      expect((await send(agent, record({ itemId: a, from: -3, to: -1 }))).body.syncedLater).toBe(false);
      expect((await send(agent, record({ itemId: b, from: -30, to: -28, offline: true }))).body.syncedLater).toBe(true);
      expect((await send(agent, record({ itemId: c, from: -40, to: -38 }))).body.syncedLater).toBe(true);
      const byItem = new Map((await year(agent)).entries.map((e) => [e.itemId, e.syncedLater]));
      expect(Object.fromEntries(byItem)).toEqual({ [a]: false, [b]: true, [c]: true });
    });

    it('an unknown item, a draft or a malformed id is not found; bad bodies say which field', async () => {
      const { agent } = await member();
      expect((await send(agent, record({ itemId: randomUUID(), from: -3, to: -1 }))).status).toBe(404);
      const draft = await article({ status: 'draft' });
      expect((await send(agent, record({ itemId: draft, from: -3, to: -1 }))).body).toMatchObject({ message: 'Article not found' });
      const good = record({ itemId: await article(), from: -3, to: -1 });
      const BAD: Array<[string, unknown]> = [
        ['id', 'x'],
        ['itemType', 'video'],
        ['itemId', 'nope'],
        ['startedAt', 'yesterday'],
        ['endedAt', 12],
        ['activeSeconds', -1],
        ['activeSeconds', 3601],
        ['recordedOffline', 'yes'],
      ];
      for (const [field, value] of BAD) {
        const res = await send(agent, { ...good, [field]: value });
        expect(res.status, field).toBe(400);
        expect(Object.keys(res.body.errors), field).toContain(field);
      }
      expect((await send(agent, [])).status).toBe(400);
      const BAD_SETTINGS: Array<[string, unknown]> = [['body', 'cima'], ['yearStartMonth', 13], ['targetHours', 0], ['trackingPaused', 'no'], ['digestNudge', null]];
      for (const [field, value] of BAD_SETTINGS) {
        const res = await agent.put('/api/cpd/settings', { body: 'other', yearStartMonth: 1, trackingPaused: false, digestNudge: false, [field]: value });
        expect(res.status, field).toBe(400);
        expect(Object.keys(res.body.errors), field).toEqual([field]);
      }
      const BAD_ENTRY: Array<[string, unknown]> = [['title', ''], ['provider', 'x'.repeat(201)], ['date', '2026-13-01'], ['minutes', 0], ['minutes', 6001], ['certificateUploadId', 'x'], ['developmentNeed', 'x'.repeat(2001)]];
      const goodEntry = { title: 'IFRS 17 course', provider: 'ACCA', date: '2026-03-01', minutes: 90 };
      for (const [field, value] of BAD_ENTRY) {
        const res = await agent.post('/api/cpd/entries', { ...goodEntry, [field]: value });
        expect(res.status, field).toBe(400);
        expect(Object.keys(res.body.errors), field).toEqual([field]);
      }
      const own = (await agent.post('/api/cpd/entries', goodEntry)).body.id;
      const BAD_PATCH: Array<[string, unknown]> = [['title', ''], ['provider', 'x'.repeat(201)], ['date', 'soon'], ['minutes', 1.5], ['certificateUploadId', 'x'], ['learning', 7], ['application', 'x'.repeat(2001)]];
      for (const [field, value] of BAD_PATCH) {
        const res = await agent.patch(`/api/cpd/entries/${own}`, { [field]: value });
        expect(res.status, field).toBe(400);
        expect(Object.keys(res.body.errors), field).toEqual([field]);
      }
      const unknownUpload = await agent.patch(`/api/cpd/entries/${own}`, { certificateUploadId: randomUUID() });
      expect(unknownUpload.status).toBe(422);
      expect(Object.keys(unknownUpload.body.errors)).toEqual(['certificateUploadId']);
      expect((await agent.get('/api/cpd?year=1999')).body.errors).toHaveProperty('year');
      expect((await agent.get('/api/cpd/export.csv?year=abc')).status).toBe(400);
      expect((await agent.patch(`/api/cpd/entries/${randomUUID()}`, { color: 'red' })).status).toBe(400);
    });

    it('the year view: totals against the target, every month, by topic, the years', async () => {
      const { agent } = await member();
      await agent.put('/api/cpd/settings', { body: 'other', yearStartMonth: 11, targetHours: 2, trackingPaused: false, digestNudge: false });
      const a = await article({ categoryIds: [reading.id, tax.id] });
      const b = await article({ categoryIds: [tax.id] });
      nowMs = Date.UTC(2025, 10, 20, 12);
      await send(agent, record({ itemId: a, from: -10, to: -4 }));
      nowMs = Date.UTC(2026, 0, 5, 12);
      await send(agent, record({ itemId: b, from: -10, to: -6 }));
      const own = await agent.post('/api/cpd/entries', { title: 'Ethics webinar', provider: 'ICAEW', date: '2026-02-14', minutes: 60 });
      expect(own.status).toBe(201);
      // A record in the next CPD year (from November 2026) is not in this one.
      nowMs = Date.UTC(2026, 10, 2, 12);
      await send(agent, record({ itemId: b, from: -10, to: -8 }));
      nowMs = Date.UTC(2026, 2, 10, 12);

      const view = await year(agent);
      expect(view.year).toBe(2025);
      expect([view.from, view.to]).toEqual(['2025-11-01', '2026-10-31']);
      expect(view.totals).toEqual({ minutes: 70, verifiableMinutes: 0, nonVerifiableMinutes: 70, targetMinutes: 120, missingMinutes: 50 });
      expect(view.byMonth.map((m) => m.month)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10']);
      expect(view.byMonth.filter((m) => m.minutes)).toEqual([
        { month: '2025-11', minutes: 6, verifiableMinutes: 0 },
        { month: '2026-01', minutes: 4, verifiableMinutes: 0 },
        { month: '2026-02', minutes: 60, verifiableMinutes: 0 },
      ]);
      expect(view.byTopic).toEqual([
        { topic: 'Other', minutes: 60 },
        { topic: tax.name, minutes: 10 },
        { topic: reading.name, minutes: 6 },
      ]);
      expect(view.years).toEqual([2026, 2025]);
      expect(view.entries.map((e) => e.title).includes('Ethics webinar')).toBe(true);
      const next = await year(agent, '?year=2026');
      expect(next.totals.minutes).toBe(2);
      expect(next.entries).toHaveLength(1);
    });

    it("today: minutes counted today, and the hours missing when the year's end is near", async () => {
      const { agent } = await member();
      const id = await article();
      await send(agent, record({ itemId: id, from: -5, to: -2 }));
      expect((await agent.get('/api/cpd/today')).body).toEqual({ minutesToday: 3, missingHoursNearYearEnd: null, trackingPaused: false, yearEnd: '2026-12-31' });
      nowMs = Date.UTC(2026, 11, 1, 12);
      await send(agent, record({ itemId: id, from: -5, to: -3 }));
      // ICAEW's 20 hours, by default, less the 5 minutes this year: 19.92 hours, shown as 20 to the tenth rounded up.
      expect((await agent.get('/api/cpd/today')).body).toEqual({ minutesToday: 2, missingHoursNearYearEnd: 20, trackingPaused: false, yearEnd: '2026-12-31' });
    });

    it('a reflection makes a measured entry verifiable-ready, and every change is kept as a revision', async () => {
      const { agent } = await member();
      const { body } = await send(agent, record({ itemId: await article(), from: -5, to: -2 }));
      const first = await agent.patch(`/api/cpd/entries/${body.entryId}`, { developmentNeed: 'Group audits', learning: 'Component materiality' });
      expect(first.status).toBe(200);
      expect(first.body.verifiableReady).toBe(false);
      const second = await agent.patch(`/api/cpd/entries/${body.entryId}`, { application: 'On the next group audit', learning: 'Component materiality' });
      expect(second.body).toMatchObject({ verifiableReady: true, application: 'On the next group audit' });
      // The same values again change nothing and keep no revision.
      await agent.patch(`/api/cpd/entries/${body.entryId}`, { application: 'On the next group audit' });
      const { revisions } = await entry(agent, body.entryId);
      expect(revisions.map((r) => [r.before, r.after])).toEqual([
        [{ application: null }, { application: 'On the next group audit' }],
        [{ developmentNeed: null, learning: null }, { developmentNeed: 'Group audits', learning: 'Component materiality' }],
      ]);
      const view = await year(agent);
      expect(view.totals).toMatchObject({ minutes: 3, verifiableMinutes: 3, nonVerifiableMinutes: 0 });
      // A measured entry's facts are the measurement's: not the member's to edit.
      const refused = await agent.patch(`/api/cpd/entries/${body.entryId}`, { minutes: 600, title: 'Longer' });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors).sort()).toEqual(['minutes', 'title']);
    });

    it('an external entry: its own facts, a certificate of the member’s own upload, its revisions', async () => {
      const { agent, user } = await member();
      const other = await member();
      const upload = async (userId: string) => {
        const id = uuidv7();
        await t().db('objects').insert({ id, user_id: userId, kind: 'image', content_type: 'image/png', size: 10, path: `x/${id}`, finalized_at: new Date().toISOString(), created_at: new Date().toISOString() });
        return id;
      };
      const mine = await upload(user.id);
      const theirs = await upload(other.user.id);
      const refused = await agent.post('/api/cpd/entries', { title: 'Course', provider: 'ICAEW', date: '2026-03-01', minutes: 90, certificateUploadId: theirs });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toHaveProperty('certificateUploadId');
      const created = await agent.post('/api/cpd/entries', { title: 'Course', provider: 'ICAEW', date: '2026-03-01', minutes: 90, certificateUploadId: mine });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ type: 'external', itemId: null, minutes: 90, firstDate: '2026-03-01', certificateUrl: `/objects/${mine}`, verifiableReady: false, revisions: [] });
      const edited = await agent.patch(`/api/cpd/entries/${created.body.id}`, { minutes: 120, date: '2026-03-02', certificateUploadId: null });
      expect(edited.body).toMatchObject({ minutes: 120, firstDate: '2026-03-02', certificateUrl: null });
      expect(edited.body.revisions[0]).toMatchObject({ before: { minutes: 90, date: '2026-03-01', certificateUrl: `/objects/${mine}` }, after: { minutes: 120, date: '2026-03-02', certificateUrl: null } });
    });

    it("another member's ledger and entries are never readable or writable (404), staff included", async () => {
      const alice = await member();
      const { body } = await send(alice.agent, record({ itemId: await article(), from: -5, to: -2 }));
      for (const role of ['subscriber', 'editor', 'admin'] as const) {
        const { agent } = await member(role);
        expect((await year(agent)).entries).toEqual([]);
        expect((await agent.get(`/api/cpd/entries/${body.entryId}`)).status).toBe(404);
        const patch = await agent.patch(`/api/cpd/entries/${body.entryId}`, { learning: 'Mine now' });
        expect(patch.status).toBe(404);
        expect(patch.body.message).toBe('CPD entry not found');
        expect((await agent.delete(`/api/cpd/entries/${body.entryId}`)).status).toBe(404);
        expect((await agent.delete('/api/cpd')).status).toBe(200);
      }
      const own = await entry(alice.agent, body.entryId);
      expect(own).toMatchObject({ minutes: 3, learning: null, revisions: [] });
      expect((await t().agent().get('/api/cpd')).status).toBe(401);
    });

    it('deleting an entry, and the whole ledger, leaves nothing behind', async () => {
      const { agent, user } = await member();
      const other = await member();
      const { body } = await send(agent, record({ itemId: await article(), from: -9, to: -7 }));
      await agent.patch(`/api/cpd/entries/${body.entryId}`, { learning: 'Something' });
      await send(agent, record({ itemId: await article(), from: -5, to: -3 }));
      await agent.post('/api/cpd/entries', { title: 'Course', provider: 'ICAEW', date: '2026-03-01', minutes: 90 });
      await agent.put('/api/cpd/settings', { body: 'acca', yearStartMonth: 4, trackingPaused: false, digestNudge: true });
      await send(other.agent, record({ itemId: await article(), from: -5, to: -3 }));
      const count = async (table: string, userId = user.id) => Number((await t().db(table).where({ user_id: userId }).count({ n: '*' }).first())!.n);

      const removed = await agent.delete(`/api/cpd/entries/${body.entryId}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ ok: true });
      expect((await agent.get(`/api/cpd/entries/${body.entryId}`)).status).toBe(404);
      expect([await count('cpd_entries'), await count('cpd_time_records'), await count('cpd_revisions')]).toEqual([2, 1, 0]);

      expect((await agent.delete('/api/cpd')).body).toEqual({ ok: true });
      for (const table of ['cpd_entries', 'cpd_time_records', 'cpd_revisions', 'cpd_settings']) expect(await count(table), table).toBe(0);
      expect((await year(agent)).settings).toMatchObject({ body: 'icaew', yearStartMonth: 1 });
      // Another member's ledger is untouched.
      expect(await count('cpd_entries', other.user.id)).toBe(1);
    });

    it('verify: a real code shows exactly what an auditor may see; a forged one is 404; no session is made', async () => {
      const { agent, user } = await member();
      const { body } = await send(agent, record({ itemId: await article(), from: -5, to: -2, offline: true }));
      const { verificationCode } = await entry(agent, body.entryId);
      const visitor = t().agent();
      const res = await visitor.get(`/api/verify/${verificationCode}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(Object.keys(res.body).sort()).toEqual(['firstDate', 'lastDate', 'memberName', 'minutes', 'provider', 'syncedLater', 'title', 'type', 'verifiableReady']);
      expect(res.body).toMatchObject({ memberName: `${user.first_name} ${user.last_name}`.trim(), minutes: 3, syncedLater: true, type: 'article', provider: 'Ledger Commons' });
      for (const forged of [`${verificationCode.slice(0, -2)}xx`, 'short', 'no%20way', 'A'.repeat(65)]) {
        const miss = await visitor.get(`/api/verify/${forged}`);
        expect(miss.status, forged).toBe(404);
        expect(miss.body).toEqual({ message: 'No CPD entry has this code', code: 'not_found' });
      }
      expect(visitor.cookies.size).toBe(0);
      const page = await visitor.get(`/verify/${verificationCode}`);
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
    });

    it('the year view costs the same queries for 1 entry as for 50', async () => {
      const { agent } = await member();
      await send(agent, record({ itemId: await article(), from: -5, to: -2 }));
      const one = await t().countQueries(() => year(agent));
      const other = await member();
      const records = [];
      const entries = [];
      for (let i = 0; i < 50; i++) {
        const id = uuidv7();
        entries.push({ id, user_id: other.user.id, type: 'article', item_id: uuidv7(), title: `Entry ${i}`, provider: 'Ledger Commons', topics: JSON.stringify([{ id: tax.id, name: tax.name }]), verification_code: `code-${randomUUID()}`, synced_later: false, created_at: at(-100), updated_at: at(-100) });
        records.push({ user_id: other.user.id, id: randomUUID(), entry_id: id, medium: 'reading', started_at: at(-100 - i * 3), ended_at: at(-98 - i * 3), active_seconds: 120, counted_seconds: 120, synced_later: false, received_at: at(-1) });
      }
      await t().db('cpd_entries').insert(entries);
      await t().db('cpd_time_records').insert(records);
      // The session's first request writes its "last seen": made before counting, as for the first member.
      await other.agent.get('/api/cpd/today');
      let view: CpdYear | undefined;
      const fifty = await t().countQueries(async () => {
        view = await year(other.agent);
      });
      expect(view!.entries).toHaveLength(50);
      expect(view!.totals.minutes).toBe(100);
      expect(fifty).toBe(one);
    });

    it('learning objectives: answered on the item’s own GET and copied into a new entry', async () => {
      const editor = await member('editor');
      const created = await editor.agent.post('/api/news', { title: 'Group audits', content: LONG, categoryIds: [reading.id], learningObjectives: 'Apply ISA 600' });
      expect(created.status).toBe(201);
      expect(created.body.learningObjectives).toBe('Apply ISA 600');
      expect((await t().agent().get(`/api/news/${created.body.id}`)).body.learningObjectives).toBe('Apply ISA 600');
      const episode = await insertPodcast(t().db, { categoryIds: [tax.id], duration: 600 });
      const patched = await editor.agent.patch(`/api/podcasts/${episode}`, { learningObjectives: 'Describe Pillar Two' });
      expect(patched.status).toBe(200);
      expect((await t().agent().get(`/api/podcasts/${episode}`)).body.learningObjectives).toBe('Describe Pillar Two');
      const { agent } = await member();
      const { body } = await send(agent, record({ itemType: 'episode', itemId: episode, from: -5, to: -2 }));
      expect((await entry(agent, body.entryId)).objectives).toBe('Describe Pillar Two');
    });

    it('the profile download holds the ledger with its revisions', async () => {
      const { agent, user } = await member();
      const { body } = await send(agent, record({ itemId: await article(), from: -5, to: -2 }));
      await agent.patch(`/api/cpd/entries/${body.entryId}`, { learning: 'Something' });
      const res = await agent.get('/api/profile/export');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ledger-commons-.*\.json"$/);
      const data = JSON.parse(res.text);
      expect(data.account).toMatchObject({ id: user.id, email: user.email });
      expect(data.account).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(data)).not.toMatch(/password_hash|two_factor_secret/);
      expect(data.cpd.entries).toEqual([expect.objectContaining({ id: body.entryId, learning: 'Something' })]);
      expect(data.cpd.timeRecords).toHaveLength(1);
      expect(data.cpd.revisions).toEqual([expect.objectContaining({ entryId: body.entryId, after: { learning: 'Something' } })]);
      expect((await t().agent().get('/api/profile/export')).status).toBe(401);
    });
  },
  { clock },
);
