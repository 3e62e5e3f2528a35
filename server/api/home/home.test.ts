import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Home, HomeItem } from '../../../contracts/home';
import { describeEachDb, type Agent } from '../../test/harness';
import { createCategory, forumCategory, insertArticle, insertPodcast, postDiscussion, postReply } from '../../test/factories';
import { newMember } from '../../test/agents';
import { insertShow } from '../podcast-shows/repo';
import { toIso } from '../../db/dialect';
import { VISIT_GAP_MS } from '../../middleware/session';

/*
 * The member's home (docs/home.md) on both databases over real HTTP: visits, follows and mutes,
 * the "since your last visit" line, unread replies and their clearing, what never shows (drafts,
 * hidden, archived, another member's), and a constant query count.
 */

/** The server's clock: real time unless a test pins it. */
let pinned: number | undefined;

describeEachDb(
  'member home',
  (t) => {
    const unique = () => randomBytes(4).toString('hex');
    const home = async (agent: Agent): Promise<Home> => {
      const res = await agent.get<Home>('/api/home');
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const ids = (items: HomeItem[]) => items.map((i) => i.id);
    const follow = (userId: string, kind: 'news_category' | 'podcast_show', topicId: string, level: 'following' | 'muted') =>
      t().db('topic_follows').insert({ user_id: userId, kind, topic_id: topicId, level, created_at: new Date().toISOString() });
    const show = async (name: string) => (await insertShow(t().db, { name, slug: `show-${unique()}` })).id;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const HOUR = 3_600_000;

    it('visitors get 401', async () => {
      const res = await t().agent().get('/api/home');
      expect(res.status).toBe(401);
      expect(res.body.message).toBeTruthy();
    });

    it('a request 30 minutes or more after the last one begins a visit: the previous visit ends at the stored "last seen"', async (c) => {
      const T0 = Date.parse('2031-03-02T09:00:00.000Z');
      pinned = T0;
      c.onTestFinished(() => void (pinned = undefined));
      const { agent, user } = await newMember(t());
      const row = async () => {
        const r = await t().db('users').where({ id: user.id }).first('last_seen_at', 'previous_visit_at');
        return { lastSeen: toIso(r.last_seen_at), previous: toIso(r.previous_visit_at) };
      };
      await agent.get('/api/auth/session');
      // The first request ever: there is no previous visit; the home draws its line at the account's creation.
      expect(await row()).toEqual({ lastSeen: '2031-03-02T09:00:00.000Z', previous: null });
      expect((await home(agent)).since).toBe(toIso(user.created_at));
      pinned = T0 + 10 * 60_000;
      await agent.get('/api/auth/session');
      expect(await row()).toEqual({ lastSeen: '2031-03-02T09:10:00.000Z', previous: null });
      // Just under the gap after the last request: the same visit.
      pinned = T0 + 10 * 60_000 + VISIT_GAP_MS - 1;
      await agent.get('/api/auth/session');
      expect((await row()).previous).toBeNull();
      // The gap after the last stored time: a new visit; the previous one ended at the stored time.
      pinned = T0 + 39 * 60_000 + VISIT_GAP_MS + 60_000;
      await agent.get('/api/auth/session');
      expect(await row()).toEqual({ lastSeen: new Date(pinned).toISOString(), previous: '2031-03-02T09:39:59.999Z' });
      expect((await home(agent)).since).toBe('2031-03-02T09:39:59.999Z');
    });

    it('followed, muted and the since-last-visit line: reasons, and nothing muted anywhere', async () => {
      const { agent, user } = await newMember(t());
      const audit = await createCategory(t().db, { name: `Audit ${unique()}` });
      const regulatory = await createCategory(t().db, { name: `Regulatory ${unique()}` });
      const tax = await createCategory(t().db, { name: `Tax ${unique()}` });
      const desk = await show(`Controller's Desk ${unique()}`);
      const noisy = await show(`Noisy Show ${unique()}`);
      await follow(user.id, 'news_category', audit.id, 'following');
      await follow(user.id, 'news_category', regulatory.id, 'muted');
      await follow(user.id, 'podcast_show', desk, 'following');
      await follow(user.id, 'podcast_show', noisy, 'muted');
      const since = ago(HOUR);
      await t().db('users').where({ id: user.id }).update({ previous_visit_at: since });

      const at = (ms: number) => new Date(Date.parse(since) + ms).toISOString();
      const auditNew = await insertArticle(t().db, { title: 'Audit new', categoryIds: [audit.id], createdAt: at(60_000) });
      const onTheLine = await insertArticle(t().db, { title: 'Audit on the line', categoryIds: [audit.id], createdAt: since });
      const justAfter = await insertArticle(t().db, { title: 'Audit just after', categoryIds: [audit.id], createdAt: at(1) });
      const auditOld = await insertArticle(t().db, { title: 'Audit old', categoryIds: [audit.id], createdAt: at(-HOUR) });
      const regulatoryNew = await insertArticle(t().db, { title: 'Regulatory new', categoryIds: [regulatory.id], createdAt: at(120_000) });
      const both = await insertArticle(t().db, { title: 'Audit and Regulatory', categoryIds: [audit.id, regulatory.id], createdAt: at(130_000) });
      const taxNew = await insertArticle(t().db, { title: 'Tax new', categoryIds: [tax.id], createdAt: at(140_000) });
      const auditDraft = await insertArticle(t().db, { title: 'Audit draft', categoryIds: [audit.id], status: 'draft', createdAt: at(150_000) });
      const auditArchived = await insertArticle(t().db, { title: 'Audit archived', categoryIds: [audit.id], isArchived: true, createdAt: at(160_000) });
      const deskNew = await insertPodcast(t().db, { title: 'Desk new', showId: desk, episodeNumber: 1, createdAt: at(170_000) });
      const deskDraft = await insertPodcast(t().db, { title: 'Desk draft', showId: desk, episodeNumber: 2, status: 'draft', createdAt: at(175_000) });
      const noisyNew = await insertPodcast(t().db, { title: 'Noisy new', showId: noisy, episodeNumber: 1, createdAt: at(180_000) });
      // An episode in a followed category is new whatever its show, unless its show or another category is muted.
      const plain = await show(`Plain Show ${unique()}`);
      const auditEpisode = await insertPodcast(t().db, { title: 'Audit episode', showId: plain, episodeNumber: 1, categoryIds: [audit.id], createdAt: at(165_000) });
      const auditRegulatoryEpisode = await insertPodcast(t().db, { title: 'Audit and Regulatory episode', showId: plain, episodeNumber: 2, categoryIds: [audit.id, regulatory.id], createdAt: at(166_000) });
      const noisyAuditEpisode = await insertPodcast(t().db, { title: 'Noisy Audit episode', showId: noisy, episodeNumber: 2, categoryIds: [audit.id], createdAt: at(167_000) });
      // Another member's follow of Tax is theirs alone.
      const other = await newMember(t());
      await follow(other.user.id, 'news_category', tax.id, 'following');

      const h = await home(agent);
      expect(h.since).toBe(since);
      // Up Next: the followed show's new episode, not yet started.
      expect(ids(h.upNext)).toEqual([deskNew]);
      expect(h.upNext[0]!.reason).toEqual({ code: 'followed_show', text: expect.stringMatching(/^You follow Controller's Desk /) });
      // After the line only, newest first; the episode already in Up Next is not repeated.
      expect(ids(h.newSinceLastVisit)).toEqual([auditEpisode, auditNew, justAfter]);
      for (const item of h.newSinceLastVisit) expect(item.reason).toEqual({ code: 'followed_category', text: `New in ${audit.name}` });
      // Latest: everything else not muted, each once.
      const latest = ids(h.latest);
      expect(latest).toContain(taxNew);
      expect(latest).toContain(auditOld);
      expect(latest).toContain(onTheLine);
      expect(h.latest.find((i) => i.id === taxNew)!.reason).toEqual({ code: 'latest', text: 'Latest' });
      const everywhere = [...h.continue, ...h.upNext, ...h.newSinceLastVisit, ...h.latest].map((i) => i.id);
      for (const never of [regulatoryNew, both, noisyNew, auditDraft, auditArchived, deskDraft, auditRegulatoryEpisode, noisyAuditEpisode]) expect(everywhere).not.toContain(never);
      expect(new Set(everywhere).size).toBe(everywhere.length);

      // The other member: Tax is new for them, nothing of the first member's.
      await t().db('users').where({ id: other.user.id }).update({ previous_visit_at: since });
      const theirs = await home(other.agent);
      expect(ids(theirs.newSinceLastVisit)).toEqual([taxNew]);
      expect(theirs.newSinceLastVisit[0]!.reason.text).toBe(`New in ${tax.name}`);
      expect(theirs.upNext).toEqual([]);
      // The first member's mutes are theirs alone too.
      expect(ids(theirs.latest)).toEqual(expect.arrayContaining([noisyNew, noisyAuditEpisode, auditRegulatoryEpisode]));
    });

    it('Continue: every article and episode in progress, newest first; finished, unstarted, drafts and others’ progress left out', async () => {
      const { agent } = await newMember(t());
      const other = await newMember(t());
      const desk = await show(`Desk ${unique()}`);
      const first = await insertPodcast(t().db, { title: 'First episode', showId: desk, episodeNumber: 1, duration: 1800 });
      const second = await insertPodcast(t().db, { title: 'Second episode', showId: desk, episodeNumber: 2, duration: 1800 });
      const finished = await insertPodcast(t().db, { title: 'Finished episode', showId: desk, episodeNumber: 3, duration: 1800 });
      const article = await insertArticle(t().db, { title: 'Half read' });
      const draft = await insertArticle(t().db, { title: 'Draft read' });
      const listen = (a: Agent, id: string, body: Record<string, unknown>) => a.put(`/api/podcasts/${id}/listening`, { deviceTime: new Date().toISOString(), ...body });
      const read = (a: Agent, id: string, position: number) => a.patch(`/api/reading-list/${id}`, { changedAt: new Date().toISOString(), position });

      expect((await listen(agent, first, { positionSeconds: 600 })).status).toBe(200);
      expect((await read(agent, article, 0.4)).status).toBe(200);
      expect((await read(agent, draft, 0.2)).status).toBe(200);
      expect((await listen(agent, finished, { positionSeconds: 1800, finished: true })).status).toBe(200);
      expect((await listen(agent, second, { positionSeconds: 9 })).status).toBe(200);
      await t().db('news_articles').where({ id: draft }).update({ status: 'draft' });
      // Another member's progress is theirs.
      const theirs = await insertArticle(t().db, { title: 'Theirs' });
      expect((await read(other.agent, theirs, 0.5)).status).toBe(200);

      const h = await home(agent);
      expect(ids(h.continue)).toEqual([second, article, first]);
      expect(h.continue.map((i) => i.reason.code)).toEqual(['listening', 'reading', 'listening']);
      expect(h.continue[0]!.progress).toEqual({ share: 9 / 1800, positionSeconds: 9, durationSeconds: 1800 });
      expect(h.continue[1]!.progress!.share).toBe(0.4);
      expect(ids((await home(other.agent)).continue)).toEqual([theirs]);
    });

    it('discussions: own, watched and replied-to with unread replies by others, cleared by opening; answered marked; muted, hidden and others’ left out', async () => {
      const alice = await newMember(t(), { firstName: 'Alice' });
      const bob = await newMember(t(), { firstName: 'Bob' });
      const cy = await newMember(t(), { firstName: 'Cy' });
      const cat = (await forumCategory(t().db)).id;
      const own = await postDiscussion(alice.agent, cat, 'Alice asks');
      const watched = await postDiscussion(bob.agent, cat, 'Bob asks');
      const repliedTo = await postDiscussion(cy.agent, cat, 'Cy asks');
      const muted = await postDiscussion(bob.agent, cat, 'Muted one');
      const hidden = await postDiscussion(bob.agent, cat, 'Hidden one');
      const unrelated = await postDiscussion(bob.agent, cat, 'Not hers');
      expect((await alice.agent.put(`/api/forum/discussions/${watched.id}/watch`, { level: 'watching' })).status).toBe(200);
      expect((await alice.agent.put(`/api/forum/discussions/${hidden.id}/watch`, { level: 'watching' })).status).toBe(200);
      await postReply(alice.agent, repliedTo.id, 'My two pence');
      await postReply(alice.agent, muted.id, 'Before muting');
      expect((await alice.agent.put(`/api/forum/discussions/${muted.id}/watch`, { level: 'muted' })).status).toBe(200);
      await t().db('forum_discussions').where({ id: hidden.id }).update({ hidden_at: new Date().toISOString(), hidden_reason: 'spam' });

      const answer = await postReply(bob.agent, own.id, 'First answer');
      await postReply(cy.agent, own.id, 'Second answer');
      await postReply(alice.agent, own.id, 'Thanks both');
      await postReply(cy.agent, watched.id, 'A reply to Bob');
      const hiddenReply = await postReply(cy.agent, watched.id, 'Spam reply');
      await t().db('forum_replies').where({ id: hiddenReply.id }).update({ hidden_at: new Date().toISOString(), hidden_reason: 'spam' });
      await postReply(bob.agent, unrelated.id, 'Elsewhere');
      expect((await alice.agent.put(`/api/forum/discussions/${own.id}/answer`, { replyId: answer.id })).status).toBe(200);

      const byId = async () => Object.fromEntries((await home(alice.agent)).discussions.map((d) => [d.id, d]));
      let mine = await byId();
      expect(Object.keys(mine).sort()).toEqual([own.id, watched.id, repliedTo.id].sort());
      expect(mine[own.id]).toMatchObject({ unread: 2, answered: true, reason: { code: 'unread_replies', text: '2 new replies' } });
      expect(mine[watched.id]).toMatchObject({ unread: 1, answered: false, reason: { code: 'unread_replies', text: '1 new reply' } });
      expect(mine[repliedTo.id]).toMatchObject({ unread: 0, reason: { code: 'replied', text: 'You replied' } });

      // Opening clears it; a later reply is unread again.
      const read = await alice.agent.put(`/api/forum/discussions/${watched.id}/read`);
      expect(read.status).toBe(200);
      expect(read.body.discussionId).toBe(watched.id);
      mine = await byId();
      expect(mine[watched.id]).toMatchObject({ unread: 0, reason: { code: 'watching', text: 'You watch this' } });
      expect(mine[own.id]!.unread).toBe(2);
      await postReply(bob.agent, watched.id, 'One more');
      expect((await byId())[watched.id]!.unread).toBe(1);
      // Bob's home is his own: his discussions, Alice's reads do not clear his.
      const bobs = (await home(bob.agent)).discussions.map((d) => d.id);
      expect(bobs).toContain(unrelated.id);
      expect(bobs).not.toContain(repliedTo.id);
    });

    it('the read mark: signed in, and only for a discussion the member may open', async () => {
      const alice = await newMember(t());
      const bob = await newMember(t());
      const cat = (await forumCategory(t().db)).id;
      const d = await postDiscussion(bob.agent, cat, 'Open one');
      expect((await t().agent().put(`/api/forum/discussions/${d.id}/read`)).status).toBe(401);
      expect((await alice.agent.put('/api/forum/discussions/0190f6a5-0000-7000-8000-000000000000/read')).status).toBe(404);
      expect((await alice.agent.put('/api/forum/discussions/not-an-id/read')).status).toBe(404);
      await t().db('forum_discussions').where({ id: d.id }).update({ status: 'draft' });
      const res = await alice.agent.put(`/api/forum/discussions/${d.id}/read`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Discussion not found');
      // Its author still may (their own draft).
      expect((await bob.agent.put(`/api/forum/discussions/${d.id}/read`)).status).toBe(200);
    });

    it('Saved and the CPD minutes: unfinished saved articles; null while tracking is paused', async () => {
      const { agent } = await newMember(t());
      const a = await insertArticle(t().db, { title: 'Saved one' });
      const b = await insertArticle(t().db, { title: 'Saved two' });
      for (const id of [a, b]) expect((await agent.put(`/api/reading-list/${id}`, { changedAt: new Date().toISOString() })).status).toBe(200);
      await agent.patch(`/api/reading-list/${a}`, { changedAt: new Date().toISOString(), finished: true });
      const h = await home(agent);
      expect(h.saved.count).toBe(1);
      expect(ids(h.saved.items)).toEqual([b]);
      expect(h.saved.items[0]!.reason).toEqual({ code: 'saved', text: 'Saved' });
      expect(h.cpdMinutesToday).toBe(0);
      expect((await agent.put('/api/cpd/settings', { body: 'acca', yearStartMonth: 1, trackingPaused: true, digestNudge: false })).status).toBe(200);
      expect((await home(agent)).cpdMinutesToday).toBeNull();
    });

    it('costs the same queries for 1 item per section as for 50', async () => {
      async function arrange(n: number) {
        const m = await newMember(t());
        const cat = await createCategory(t().db, { name: `Followed ${unique()}` });
        const desk = await show(`Show ${unique()}`);
        await follow(m.user.id, 'news_category', cat.id, 'following');
        await follow(m.user.id, 'podcast_show', desk, 'following');
        await t().db('users').where({ id: m.user.id }).update({ previous_visit_at: ago(HOUR) });
        const forum = (await forumCategory(t().db)).id;
        for (let i = 0; i < n; i++) {
          const article = await insertArticle(t().db, { categoryIds: [cat.id] });
          const started = await insertPodcast(t().db, { showId: desk, episodeNumber: 2 * i + 1, duration: 600 });
          await insertPodcast(t().db, { showId: desk, episodeNumber: 2 * i + 2 });
          await t().db('reading_list').insert({ user_id: m.user.id, article_id: article, title: 't', saved_at: new Date().toISOString(), position: 0.3, finished: false, updated_at: new Date().toISOString() });
          await t().db('listening_positions').insert({ user_id: m.user.id, episode_id: started, position_seconds: 30, finished: false, device_time: new Date().toISOString(), updated_at: new Date().toISOString() });
        }
        for (let i = 0; i < Math.min(n, 12); i++) {
          const d = await postDiscussion(m.agent, forum, `Mine ${i}`);
          const other = await newMember(t());
          await postReply(other.agent, d.id, 'A reply');
        }
        // The session's first request writes "last seen": made before counting.
        await m.agent.get('/api/auth/session');
        return m.agent;
      }
      const one = await arrange(1);
      const fifty = await arrange(50);
      let h: Home | undefined;
      const q1 = await t().countQueries(() => home(one));
      const q50 = await t().countQueries(async () => {
        h = await home(fifty);
      });
      expect(h!.continue).toHaveLength(12);
      expect(h!.upNext).toHaveLength(12);
      expect(h!.discussions).toHaveLength(12);
      expect(h!.discussions.every((d) => d.unread === 1)).toBe(true);
      expect(h!.saved.count).toBe(50);
      expect(q50).toBe(q1);
    }, 120_000);
  },
  { clock: () => pinned ?? Date.now() },
);

