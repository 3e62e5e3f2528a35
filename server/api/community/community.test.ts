import { expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { describeEachDb } from '../../test/harness';
import { createUser, forumCategory, postDiscussion, postReply } from '../../test/factories';
import { signedIn } from '../../test/agents';

const CONTRIBUTOR_KEYS = ['company', 'expertiseTags', 'firstName', 'id', 'lastName', 'points', 'profileImageUrl', 'title'];

describeEachDb('community contributors', (t) => {
  /** A user with a public profile and points, written directly (there is no API for points). */
  const member = async (firstName: string | null, lastName: string | null, points: number, isActive = true) => {
    const user = await createUser(t().db, { firstName: firstName ?? 'x', lastName: lastName ?? 'x', isActive });
    await t()
      .db('users')
      .where({ id: user.id })
      .update({
        first_name: firstName,
        last_name: lastName,
        points,
        title: 'Controller',
        company: 'Acme',
        expertise_tags: JSON.stringify(['IFRS', 'Audit']),
      });
    return user;
  };

  it('ranks active users by points, then first name, last name and id; inactive users never appear', async () => {
    const top = await member('Zoe', 'Top', 5_000_005);
    const inactive = await member('Ina', 'Active', 9_000_000, false);
    const alice = await member('alice', 'Zed', 5_000_000);
    const bobB = await member('bob', 'Brown', 5_000_000);
    const bobA = await member('Bob', 'Adams', 5_000_000);
    const dana1 = await member('Dana', 'Smith', 5_000_000);
    const dana2 = await member('Dana', 'Smith', 5_000_000);
    const nameless = await member(null, null, 5_000_000);
    await member('Low', 'Points', 1);

    const res = await t().agent().get('/api/community/contributors?limit=7');
    expect(res.status).toBe(200);
    const [d1, d2] = [dana1.id, dana2.id].sort();
    expect(res.body.map((c: { id: string }) => c.id)).toEqual([top.id, alice.id, bobA.id, bobB.id, d1, d2, nameless.id]);
    expect(res.body.some((c: { id: string }) => c.id === inactive.id)).toBe(false);
    expect(res.body[0]).toEqual({
      id: top.id,
      firstName: 'Zoe',
      lastName: 'Top',
      profileImageUrl: null,
      title: 'Controller',
      company: 'Acme',
      expertiseTags: ['IFRS', 'Audit'],
      points: 5_000_005,
    });
  });

  it('never exposes email, role or password hash', async () => {
    await member('Priv', 'Acy', 4_000_000);
    const res = await t().agent().get('/api/community/contributors?limit=100');
    for (const c of res.body) expect(Object.keys(c).sort()).toEqual(CONTRIBUTOR_KEYS);
    expect(res.text).not.toMatch(/@example\.com|email|password|hash|role|subscriber/i);
  });

  it('returns 10 by default, honours limit and validates it', async () => {
    for (let i = 0; i < 12; i++) await member(`Filler${i}`, 'Member', i);
    expect((await t().agent().get('/api/community/contributors')).body).toHaveLength(10);
    expect((await t().agent().get('/api/community/contributors?limit=3')).body).toHaveLength(3);
    for (const bad of ['0', '101', 'abc', '-1', '2.5']) {
      expect((await t().agent().get(`/api/community/contributors?limit=${bad}`)).status, bad).toBe(400);
    }
  });

  it('is one query for any page size', async () => {
    const q10 = await t().countQueries(() => t().agent().get('/api/community/contributors?limit=10'));
    const q1 = await t().countQueries(() => t().agent().get('/api/community/contributors?limit=1'));
    expect(q10).toBe(1);
    expect(q1).toBe(1);
  });
});

// A database of its own, so every number below is exactly what this suite inserted.
describeEachDb('community stats', (t) => {
  it('starts at zero on an empty database', async () => {
    const res = await t().agent().get('/api/community/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      activeMembers: 0,
      discussionsThisWeek: 0,
      questionsAnswered: 0,
      resourcesShared: 0,
      podcastListeners: 0,
      certificationsEarned: 0,
    });
  });

  it('counts what was inserted, in one query', async () => {
    const db = t().db;
    // Users: 2 signed-in + 2 more active = 4 active; 2 inactive do not count.
    const { agent: admin } = await signedIn(db, t().agent(), 'admin');
    const { agent: author } = await signedIn(db, t().agent(), 'subscriber');
    await createUser(db);
    await createUser(db);
    await createUser(db, { isActive: false });
    await createUser(db, { isActive: false });

    // Discussions: fresh+unanswered, fresh+replied but no answer marked, fresh+answered, old+answered,
    // draft+answered. "Answered" counts published ones with a marked answer (Solved).
    const cat = await forumCategory(db);
    await postDiscussion(author, cat.id, 'fresh, no reply');
    const replied = await postDiscussion(author, cat.id, 'fresh, replied, no answer');
    await postReply(author, replied.id);
    const answered = await postDiscussion(author, cat.id, 'fresh, answered');
    const old = await postDiscussion(author, cat.id, 'old, answered');
    const draft = await postDiscussion(author, cat.id, 'draft, answered');
    for (const d of [answered, old, draft]) {
      const reply = await postReply(author, d.id);
      expect((await author.put(`/api/forum/discussions/${d.id}/answer`, { replyId: reply.id })).status).toBe(200);
    }
    await postReply(author, answered.id);
    await db('forum_discussions')
      .where({ id: old.id })
      .update({ created_at: new Date(Date.now() - 10 * 24 * 3600 * 1000).toISOString() });
    expect((await admin.patch(`/api/forum/discussions/${draft.id}/status`, { status: 'draft' })).status).toBe(200);

    // Resources: 3 shared; the two certifications were downloaded 100 + 250 times.
    for (const [type, downloadCount] of [['certification', 100], ['certification', 250], ['ebook', 999]] as const) {
      const res = await admin.post('/api/resources', { title: `${type} ${downloadCount}`, type, category: 'taxation', downloadCount });
      expect(res.status).toBe(201);
    }

    // Podcasts: plays of published episodes (archived too) count, drafts do not: 40 + 60.
    await db('podcast_episodes').insert([
      { id: uuidv7(), title: 'Published', play_count: 40, status: 'published', is_archived: false },
      { id: uuidv7(), title: 'Archived', play_count: 60, status: 'published', is_archived: true },
      { id: uuidv7(), title: 'Draft', play_count: 1000, status: 'draft', is_archived: false },
    ]);

    let body: unknown;
    const queries = await t().countQueries(async () => {
      body = (await t().agent().get('/api/community/stats')).body;
    });
    expect(body).toEqual({
      activeMembers: 4,
      discussionsThisWeek: 3,
      questionsAnswered: 2,
      resourcesShared: 3,
      podcastListeners: 100,
      certificationsEarned: 350,
    });
    expect(queries).toBe(1);
  });
});
