import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationGroup } from '../../../contracts/notifications';
import { DB_KINDS, TEST_SESSION_SECRET, type Agent, type TestServer } from '../../test/harness';
import { createCategory, forumCategory, insertArticle, insertPodcast } from '../../test/factories';
import type { UserRow } from '../users/presenter';
import { createDiscussion } from '../forums/repo';
import { newMember } from '../../test/agents';
import { MAIL_TEST_PUBLIC_URL, mailingServer } from '../../test/mail';
import { until } from '../../test/wait';
import { DIGEST_INTERVAL_MS, Notifier } from './notify';

/*
 * The grouped list a person reads and the digest built on the same groups, with the followed and
 * muted topics (docs/notifications.md "Groups" and "Digest"), on both databases over real HTTP,
 * with the digest through a real SMTP server.
 */

interface Member {
  user: UserRow;
  agent: Agent;
}

describe.each(DB_KINDS)('grouped notifications [%s]', (kind) => {
  let t: TestServer;
  let forumCategoryId: string;
  const smtp = mailingServer(kind, (server) => (t = server));
  beforeAll(async () => {
    forumCategoryId = (await forumCategory(t.db)).id;
  });

  let n = 0;
  const member = async (firstName?: string): Promise<Member> => {
    n++;
    return newMember(t, { firstName: firstName ?? `Member${n}`, lastName: `Person${n}` });
  };
  async function discussionOf(m: Member, title = 'Closing the books', categoryId = forumCategoryId): Promise<string> {
    const r = await createDiscussion(t.db, m.user.id, { title, content: 'How do you close the month?', categoryId });
    if (r.kind !== 'created') throw new Error('no discussion');
    return r.id;
  }
  const groups = async (m: Member) => (await m.agent.get<NotificationGroup[]>('/api/notifications/groups')).body;
  const unread = async (m: Member) => (await m.agent.get('/api/notifications/unread-count')).body.count as number;
  const watch = async (m: Member, discussionId: string) =>
    expect((await m.agent.put(`/api/forum/discussions/${discussionId}/watch`, { level: 'watching' })).status).toBe(200);
  const notifier = () =>
    new Notifier({ siteName: 'Ledger Commons', secret: TEST_SESSION_SECRET, contactEmail: 'contact@commons.example', mail: { enabled: true, kick: () => t.sender?.kick() } });
  const outboxDrained = () => until(async () => !(await t.db('mail_outbox').where({ status: 'pending' }).first()), 15_000, 'the outbox to drain');

  it('two replies by two people in a watched discussion: one unread group with both, the newest words; opening it clears it', async () => {
    const author = await member();
    const watcher = await member();
    const maya = await member('Maya');
    const tom = await member('Tom');
    const discussionId = await discussionOf(author, 'Month-end close');
    await watch(watcher, discussionId);

    expect((await maya.agent.post('/api/forum/replies', { discussionId, content: 'Reconcile the **bank** first.' })).status).toBe(201);
    const newest = await tom.agent.post('/api/forum/replies', { discussionId, content: 'Then [accruals](https://example.com/a), then _prepayments_ and the fixed asset register.' });
    expect(newest.status).toBe(201);

    const [group, ...rest] = await groups(watcher);
    expect(rest).toEqual([]);
    expect(group).toMatchObject({
      id: `reply-${discussionId}`,
      type: 'watched_reply',
      read: false,
      count: 2,
      unreadCount: 2,
      actorCount: 2,
      actors: [{ firstName: 'Tom' }, { firstName: 'Maya' }],
      target: { available: true, kind: 'discussion', id: discussionId, title: 'Month-end close', path: `/forums/${discussionId}#reply-${newest.body.id}` },
      excerpt: 'Then accruals, then prepayments and the fixed asset register.',
    });
    // The raw list still has both rows (older clients), and the bell counts one group.
    expect((await watcher.agent.get('/api/notifications')).body).toHaveLength(2);
    expect(await unread(watcher)).toBe(1);
    // The discussion's author hears of the same replies, grouped the same way, in their own list only.
    expect((await groups(author)).map((g) => [g.id, g.type, g.count])).toEqual([[`reply-${discussionId}`, 'discussion_reply', 2]]);
    expect(await groups(maya)).toEqual([]);

    // Another member cannot open (or probe) the watcher's group: the same 404 as a key never made.
    const other = await member();
    expect((await other.agent.post(`/api/notifications/groups/reply-${discussionId}/read`)).status).toBe(404);
    expect((await other.agent.post('/api/notifications/groups/nonsense/read')).status).toBe(404);
    expect(await unread(watcher)).toBe(1);

    expect((await watcher.agent.post(`/api/notifications/groups/reply-${discussionId}/read`)).status).toBe(200);
    expect(await unread(watcher)).toBe(0);
    expect((await groups(watcher))[0]).toMatchObject({ read: true, unreadCount: 0, count: 2 });
    expect((await watcher.agent.get<Array<{ read: boolean }>>('/api/notifications')).body.map((r) => r.read)).toEqual([true, true]);
    // Idempotent, as the outbox may replay it.
    expect((await watcher.agent.post(`/api/notifications/groups/reply-${discussionId}/read`)).status).toBe(200);
    // The author's group is theirs to open: still unread.
    expect(await unread(author)).toBe(1);

    // A third reply makes the group unread again, "Maya and 2 others" in its words.
    const carol = await member('Carol');
    expect((await carol.agent.post('/api/forum/replies', { discussionId, content: 'And the VAT return.' })).status).toBe(201);
    expect((await groups(watcher))[0]).toMatchObject({ read: false, count: 3, unreadCount: 1, actorCount: 3, excerpt: 'And the VAT return.' });
    expect(await unread(watcher)).toBe(1);
  });

  it("a hidden reply's words never appear: the group quotes the newest reply still shown", async () => {
    const author = await member();
    const a = await member();
    const b = await member();
    const discussionId = await discussionOf(author, 'Lease terms');
    expect((await a.agent.post('/api/forum/replies', { discussionId, content: 'Twelve months is the usual term.' })).status).toBe(201);
    const bad = await b.agent.post('/api/forum/replies', { discussionId, content: 'SPAM buy followers now' });
    expect(bad.status).toBe(201);
    await t.db('forum_replies').where({ id: bad.body.id }).update({ hidden_at: new Date().toISOString() });

    const list = await groups(author);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ count: 1, excerpt: 'Twelve months is the usual term.' });
    expect(JSON.stringify(list)).not.toContain('SPAM');
    // Everything hidden: no group at all, nothing counted.
    await t.db('forum_replies').where({ discussion_id: discussionId }).update({ hidden_at: new Date().toISOString() });
    expect(await groups(author)).toEqual([]);
    expect(await unread(author)).toBe(0);
  });

  it('comments on one article are one group; mentions stay apart; paging by groups costs the same queries for 1 or 50', async () => {
    const reader = await member();
    const discussionIds = await Promise.all(Array.from({ length: 60 }, (_, i) => discussionOf(reader, `Topic ${i}`)));
    const actors = await Promise.all([member(), member()]);
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    // 60 discussions with two replies each (two actors), pairs of groups sharing a time: the key breaks ties.
    await t.db('notifications').insert(
      discussionIds.flatMap((discussionId, i) =>
        actors.map((actor, j) => ({
          id: randomUUID(),
          user_id: reader.user.id,
          type: 'discussion_reply',
          actor_id: actor.user.id,
          discussion_id: discussionId,
          created_at: new Date(base + Math.floor(i / 2) * 1000 - j).toISOString(),
          email: 'none',
        })),
      ),
    );
    await reader.agent.get('/api/notifications/unread-count');
    const queries = (path: string) => t.countQueries(async () => expect((await reader.agent.get(path)).status).toBe(200));
    expect(await queries('/api/notifications/groups?limit=50')).toBe(await queries('/api/notifications/groups?limit=1'));

    const seen: NotificationGroup[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res: { body: NotificationGroup[]; headers: Headers } = await reader.agent.get(`/api/notifications/groups?limit=25${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.body.length).toBeLessThanOrEqual(25);
      seen.push(...res.body);
      cursor = res.headers.get('x-next-cursor');
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen.map((g) => g.id)).size).toBe(60);
    expect(seen.every((g) => g.count === 2 && g.actorCount === 2)).toBe(true);
    const times = seen.map((g) => g.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await unread(reader)).toBe(60);
    expect((await reader.agent.get('/api/notifications/groups?cursor=bm90IG91cnM')).status).toBe(400);

    // Comments on one article: one group; a mention in the same article is a group apart.
    const writer = await member();
    const articleId = await insertArticle(t.db, { authorId: writer.user.id, categoryIds: [(await createCategory(t.db)).id], title: 'Audit trails' });
    const [c1, c2] = actors;
    await c1.agent.post(`/api/news/${articleId}/comments`, { content: 'Useful, thanks.' });
    await c2.agent.post(`/api/news/${articleId}/comments`, { content: `Agreed, @[${writer.user.first_name} ${writer.user.last_name}](${writer.user.id}) — the sampling part.` });
    const list = await groups(writer);
    expect(list.map((g) => [g.type, g.count])).toEqual([
      ['mention', 1],
      ['article_comment', 1],
    ]);
    expect(list[0].excerpt).toBe(`Agreed, @${writer.user.first_name} ${writer.user.last_name} — the sampling part.`);
    await c2.agent.post(`/api/news/${articleId}/comments`, { content: 'One more thing.' });
    expect((await groups(writer)).map((g) => [g.type, g.count, g.actorCount])).toEqual([
      ['article_comment', 2, 2],
      ['mention', 1, 1],
    ]);
  });

  it('the digest: one line per group with the newest words, new items in followed topics, nothing from muted ones', async () => {
    const reader = await member();
    const maya = await member('Maya');
    const tom = await member('Tom');
    expect((await reader.agent.put('/api/notifications/settings', { watched_reply: 'digest', discussion_reply: 'digest' })).status).toBe(200);
    const discussionId = await discussionOf(maya, 'Month-end close');
    await watch(reader, discussionId);
    await maya.agent.post('/api/forum/replies', { discussionId, content: 'Bank first.' });
    await tom.agent.post('/api/forum/replies', { discussionId, content: 'Then **accruals**, and prepayments.' });
    // A watched discussion in a forum category the reader muted: no line for it.
    const mutedForum = (await forumCategory(t.db)).id;
    const quietId = await discussionOf(maya, 'Quiet corner', mutedForum);
    await watch(reader, quietId);
    await tom.agent.post('/api/forum/replies', { discussionId: quietId, content: 'Words from a muted place.' });
    await t.db('category_watches').insert({ user_id: reader.user.id, category_id: mutedForum, level: 'muted' });

    // Topics: follows Audit and a show, mutes Regulatory.
    const audit = await createCategory(t.db, { name: `Audit ${n}` });
    const regulatory = await createCategory(t.db, { name: `Regulatory ${n}` });
    const at = Date.now() + DIGEST_INTERVAL_MS + 60_000;
    const recent = new Date(at - 60 * 60_000).toISOString();
    const old = new Date(at - 3 * DIGEST_INTERVAL_MS).toISOString();
    const inAudit = await insertArticle(t.db, { title: 'Sampling in audit', categoryIds: [audit.id], publishedAt: recent });
    await insertArticle(t.db, { title: 'Old audit news', categoryIds: [audit.id], publishedAt: old });
    await insertArticle(t.db, { title: 'Audit and regulation', categoryIds: [audit.id, regulatory.id], publishedAt: recent });
    await insertArticle(t.db, { title: 'Regulatory only', categoryIds: [regulatory.id], publishedAt: recent });
    await insertArticle(t.db, { title: 'Audit draft', categoryIds: [audit.id], publishedAt: recent, status: 'draft' });
    const showId = randomUUID();
    const showName = `Controller's Desk ${n}`;
    await t.db('podcast_shows').insert({ id: showId, name: showName, slug: `controllers-desk-${showId}` });
    const episodeId = await insertPodcast(t.db, { title: 'Close week episode', publishedAt: recent, showId });
    await insertPodcast(t.db, { title: 'Another show episode', publishedAt: recent });
    const follow = (kind: string, topicId: string, level: string) => ({ user_id: reader.user.id, kind, topic_id: topicId, level, created_at: new Date().toISOString() });
    await t.db('topic_follows').insert([follow('news_category', audit.id, 'following'), follow('news_category', regulatory.id, 'muted'), follow('podcast_show', showId, 'following')]);
    expect(await notifier().sendDigests(t.db, MAIL_TEST_PUBLIC_URL, at)).toBeGreaterThanOrEqual(1);
    const [digest] = await smtp.waitFor(reader.user.email);
    const text = digest.parsed.text ?? '';
    expect(digest.parsed.subject).toBe('1 new notification on Ledger Commons');
    expect(text).toContain('Tom and Maya replied to “Month-end close” “Then accruals, and prepayments.”');
    expect(text).not.toContain('Bank first.');
    expect(text).not.toContain('Quiet corner');
    expect(text).not.toContain('Words from a muted place');
    expect(text).toContain('New in your topics:');
    expect(text).toContain(`New in ${audit.name}: “Sampling in audit” ${MAIL_TEST_PUBLIC_URL}/news/${inAudit}`);
    expect(text).toContain(`New in ${showName}: “Close week episode” ${MAIL_TEST_PUBLIC_URL}/podcasts/${episodeId}`);
    for (const never of ['Another show episode', 'Old audit news', 'Audit and regulation', 'Regulatory only', 'Audit draft']) expect(text).not.toContain(never);
    await outboxDrained();
    expect(smtp.to(maya.user.email).filter((m) => m.parsed.subject?.includes('summary') || m.parsed.subject?.includes('new notification'))).toEqual([]);

    // The next digest lists only what was published since this one.
    await tom.agent.post('/api/forum/replies', { discussionId, content: 'And the VAT return.' });
    const later = at + DIGEST_INTERVAL_MS + 120_000;
    await insertArticle(t.db, { title: 'Fresh audit piece', categoryIds: [audit.id], publishedAt: new Date(later - 60_000).toISOString() });
    await t.db('notifications').where({ user_id: reader.user.id, email: 'digest' }).update({ created_at: new Date(at + 1000).toISOString() });
    expect(await notifier().sendDigests(t.db, MAIL_TEST_PUBLIC_URL, later)).toBeGreaterThanOrEqual(1);
    await until(async () => smtp.to(reader.user.email).length === 2, 15_000, 'the second digest');
    const second = smtp.to(reader.user.email)[1].parsed.text ?? '';
    expect(second).toContain('“Fresh audit piece”');
    expect(second).not.toContain('Sampling in audit');
    // A group of one is said as its own mail says it.
    expect(second).toContain(`${tom.user.first_name} ${tom.user.last_name} replied in “Month-end close” “And the VAT return.”`);
  });
});
