import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { mentionMarkup, type Notification, type NotificationChannel, type NotificationType } from '../../../contracts/notifications';
import { LIMITS, type Role } from '../../../contracts/common';
import { contactEmailOf } from '../../config';
import { DB_KINDS, TEST_SESSION_SECRET, type Agent, type TestServer } from '../../test/harness';
import { createCategory, createUser, forumCategory, insertArticle, insertPodcast } from '../../test/factories';
import type { UserRow } from '../users/presenter';
import { createDiscussion, createReply } from '../forums/repo';
import type { Knex } from 'knex';
import { EventRegistry, recordEvent } from '../../events/index';
import { subscribeNotifications } from './subscribers';
import { DIGEST_INTERVAL_MS, Notifier } from './notify';
import { newMember } from '../../test/agents';
import { MAIL_TEST_PUBLIC_URL, type ReceivedMail, mailHeader, mailingServer } from '../../test/mail';
import { until } from '../../test/wait';

/*
 * Notifications (docs/notifications.md) on both databases, over real HTTP, with mail
 * through a real SMTP server started here: which events notify whom, exactly once, with which mail;
 * withdrawal, channels, one-click unsubscribe, the digest, privacy and the list's cost.
 */

interface Member {
  user: UserRow;
  agent: Agent;
}


describe.each(DB_KINDS)('notifications [%s]', (kind) => {
  let t: TestServer;
  let forumCategoryId: string;
  let newsCategoryId: string;
  const smtp = mailingServer(kind, (server) => (t = server));
  beforeAll(async () => {
    forumCategoryId = (await forumCategory(t.db)).id;
    newsCategoryId = (await createCategory(t.db)).id;
  });

  let n = 0;
  async function member(o: { role?: Role; isActive?: boolean } = {}): Promise<Member> {
    n++;
    return newMember(t, { firstName: `Member${n}`, lastName: `Person${n}`, role: o.role, isActive: o.isActive });
  }
  async function setChannels(m: Member, channels: Partial<Record<NotificationType, NotificationChannel>>): Promise<void> {
    const res = await m.agent.put('/api/notifications/settings', channels);
    expect(res.status).toBe(200);
  }
  async function discussionOf(m: Member, title = 'Closing the books'): Promise<string> {
    const r = await createDiscussion(t.db, m.user.id, { title, content: 'How do you close the month?', categoryId: forumCategoryId });
    if (r.kind !== 'created') throw new Error('no discussion');
    return r.id;
  }
  const articleOf = (m: Member, o: { status?: 'draft' | 'published'; title?: string } = {}) =>
    insertArticle(t.db, { authorId: m.user.id, categoryIds: [newsCategoryId], title: o.title ?? 'Lease accounting', status: o.status });
  const list = async (m: Member) => (await m.agent.get<Notification[]>('/api/notifications')).body;
  const unread = async (m: Member) => (await m.agent.get('/api/notifications/unread-count')).body.count as number;
  /** Every queued message has been sent (or given up): the mail a test can see is all there will be. */
  const outboxDrained = () => until(async () => !(await t.db('mail_outbox').where({ status: 'pending' }).first()), 15_000, 'the outbox to drain');
  const mention = (m: Member) => mentionMarkup(`${m.user.first_name} ${m.user.last_name}`, m.user.id);

  it('a reply to my discussion: exactly one notification and, on email, exactly one mail with one-click unsubscribe', async () => {
    const alice = await member();
    const bob = await member();
    await setChannels(alice, { discussion_reply: 'email' });
    const discussionId = await discussionOf(alice);

    const res = await bob.agent.post('/api/forum/replies', { discussionId, content: 'Reconcile first.' });
    expect(res.status).toBe(201);
    // Bob replying in his own words to Alice's discussion: Bob is told nothing.
    const [only] = await list(alice);
    expect(await list(alice)).toHaveLength(1);
    expect(only).toMatchObject({
      type: 'discussion_reply',
      read: false,
      actor: { id: bob.user.id, firstName: bob.user.first_name, lastName: bob.user.last_name, profileImageUrl: null },
      target: { kind: 'discussion', id: discussionId, title: 'Closing the books', path: `/forums/${discussionId}#reply-${res.body.id}` },
    });
    expect(await unread(alice)).toBe(1);
    expect(await list(bob)).toEqual([]);

    const [mail] = await smtp.waitFor(alice.user.email);
    await outboxDrained();
    expect(smtp.to(alice.user.email)).toHaveLength(1);
    expect(smtp.to(bob.user.email)).toHaveLength(0);
    expect(mail.envelope.to).toEqual([alice.user.email]);
    expect(mail.parsed.subject).toBe(`${bob.user.first_name} ${bob.user.last_name} replied to your discussion “Closing the books”`);
    const link = `${MAIL_TEST_PUBLIC_URL}/forums/${discussionId}#reply-${res.body.id}`;
    expect(mail.parsed.text).toContain(link);
    expect(mail.parsed.text).toContain('Reconcile first.');
    expect(mail.parsed.html).toContain(`href="${link}"`);
    const unsubscribe = mailHeader(mail, 'List-Unsubscribe')!;
    expect(unsubscribe).toMatch(/^<https:\/\/commons\.example\/api\/notifications\/unsubscribe\?token=[^>]+>, <mailto:[^>]+>$/);
    expect(unsubscribe).toContain(`mailto:${contactEmailOf({ publicUrl: MAIL_TEST_PUBLIC_URL })}`);
    expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Her own reply in her own discussion tells nobody.
    expect((await alice.agent.post('/api/forum/replies', { discussionId, content: 'Thanks!' })).status).toBe(201);
    expect(await list(alice)).toHaveLength(1);
  });

  it("is made from the write's recorded event, in its transaction: a rolled-back write leaves no notification and no mail, a committed one exactly one of each", async () => {
    const alice = await member();
    const bob = await member();
    await setChannels(alice, { discussion_reply: 'email' });
    const discussionId = await discussionOf(alice);
    const reply = { discussionId, authorId: bob.user.id, content: 'Accrue it.' };
    const posted = (replyId: string) =>
      ({ type: 'reply.posted', actorId: bob.user.id, origin: MAIL_TEST_PUBLIC_URL, replyId, discussionId, content: reply.content }) as const;

    const failing = createReply(t.db, reply, async (trx, id) => {
      await recordEvent(trx, posted(id));
      throw new Error('the write fails after its event');
    });
    await expect(failing).rejects.toThrow('the write fails after its event');
    expect(await t.db('notifications').where({ discussion_id: discussionId })).toEqual([]);
    expect(await t.db('mail_outbox').where({ to_address: alice.user.email })).toEqual([]);

    const created = await createReply(t.db, reply, (trx, id) => recordEvent(trx, posted(id)));
    expect(created.kind).toBe('created');
    expect(await t.db('notifications').where({ discussion_id: discussionId }).select('user_id', 'type')).toEqual([{ user_id: alice.user.id, type: 'discussion_reply' }]);
    await smtp.waitFor(alice.user.email);
    await outboxDrained();
    expect(smtp.to(alice.user.email)).toHaveLength(1);
    expect(await t.db('mail_outbox').where({ to_address: alice.user.email })).toHaveLength(1);
  });

  it('wakes the mail sender after the commit of a write that notified, never inside it nor for a rolled-back one', async () => {
    const alice = await member();
    const bob = await member();
    await setChannels(alice, { discussion_reply: 'email' });
    const discussionId = await discussionOf(alice);
    let kicks = 0;
    const registry = new EventRegistry();
    subscribeNotifications(registry, new Notifier({ siteName: 'Ledger Commons', secret: TEST_SESSION_SECRET, contactEmail: 'contact@commons.example', mail: { enabled: true, kick: () => kicks++ } }));
    registry.assembled = true;
    const reply = { discussionId, authorId: bob.user.id, content: 'Defer it.' };
    const record = (trx: Knex.Transaction, replyId: string) =>
      recordEvent(trx, { type: 'reply.posted', actorId: bob.user.id, origin: MAIL_TEST_PUBLIC_URL, replyId, discussionId, content: reply.content }, registry);

    await expect(
      createReply(t.db, reply, async (trx, id) => {
        await record(trx, id);
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    const inside: number[] = [];
    await createReply(t.db, reply, async (trx, id) => {
      await record(trx, id);
      inside.push(kicks);
    });
    expect(inside).toEqual([0]);
    await until(async () => kicks === 1, 5_000, 'the kick after the commit');
    expect(kicks).toBe(1);
  });

  it("stores each mention under the member's own name; a mention of no member is plain text", async () => {
    const alice = await member();
    const bob = await member();
    const discussionId = await discussionOf(alice);
    const ghost = randomUUID();
    const sent = `Ask @[Admin](${alice.user.id}) or @[Ghost](${ghost}).`;
    const own = `${alice.user.first_name} ${alice.user.last_name}`;
    const stored = `Ask ${mentionMarkup(own, alice.user.id)} or @Ghost.`;
    const reply = await bob.agent.post('/api/forum/replies', { discussionId, content: sent });
    expect(reply.status).toBe(201);
    expect(reply.body.content).toBe(stored);
    const articleId = await articleOf(alice);
    const comment = await bob.agent.post(`/api/news/${articleId}/comments`, { content: sent });
    expect(comment.status).toBe(201);
    expect(comment.body.content).toBe(stored);
    expect((await t.db('forum_replies').where({ id: reply.body.id }).first()).content).toBe(stored);
  });

  it('refuses a comment or reply that is too long once its mentions carry the members’ names, writing nothing; one just within is stored', async () => {
    // A 99-character name: each `@[x](<id>)` the client sends is stored 98 characters longer.
    const long = await createUser(t.db, { firstName: 'L'.repeat(49), lastName: 'N'.repeat(49) });
    const alice = await member();
    const bob = await member();
    const discussionId = await discussionOf(alice);
    const articleId = await articleOf(alice);
    const tags = Array.from({ length: 10 }, () => `@[x](${long.id})`).join(' ');
    const grown = 10 * 98;
    const sent = (length: number) => `${tags} ${'w'.repeat(length - tags.length - 1)}`;
    const atLimit = sent(LIMITS.commentMax); // valid as sent, 5,980 characters once expanded
    const justWithin = sent(LIMITS.commentMax - grown); // exactly the limit once expanded

    const posts = [
      { noun: 'Comment', path: `/api/news/${articleId}/comments`, body: (content: string) => ({ content }), table: 'news_comments' },
      { noun: 'Reply', path: '/api/forum/replies', body: (content: string) => ({ discussionId, content }), table: 'forum_replies' },
    ] as const;
    for (const post of posts) {
      const written = async () => [
        Number((await t.db(post.table).where({ author_id: bob.user.id }).count({ n: '*' }).first())?.n),
        Number((await t.db('notifications').where({ user_id: long.id }).count({ n: '*' }).first())?.n),
      ];
      const before = await written();
      const refused = await bob.agent.post(post.path, post.body(atLimit));
      expect(refused.status, post.noun).toBe(400);
      const message = `${post.noun} is too long once mentions are expanded (max ${LIMITS.commentMax} characters)`;
      expect(refused.body).toMatchObject({ message, errors: { content: [message] } });
      expect(await written()).toEqual(before);

      const stored = await bob.agent.post(post.path, post.body(justWithin));
      expect(stored.status, post.noun).toBe(201);
      const row = await t.db(post.table).where({ id: stored.body.id }).first();
      expect(row.content).toHaveLength(LIMITS.commentMax);
      expect(row.content).toContain(mentionMarkup(`${long.first_name} ${long.last_name}`, long.id));
    }
    expect(await t.db('notifications').where({ user_id: long.id, type: 'mention' })).toHaveLength(2);
  });

  it('a reply that also mentions the discussion’s author is one notification: the mention', async () => {
    const alice = await member();
    const bob = await member();
    await setChannels(alice, { discussion_reply: 'email', mention: 'email' });
    const discussionId = await discussionOf(alice);
    expect((await bob.agent.post('/api/forum/replies', { discussionId, content: `${mention(alice)} see the standard.` })).status).toBe(201);
    const items = await list(alice);
    expect(items.map((i) => i.type)).toEqual(['mention']);
    await smtp.waitFor(alice.user.email);
    await outboxDrained();
    expect(smtp.to(alice.user.email)).toHaveLength(1);
    expect(smtp.to(alice.user.email)[0].parsed.subject).toContain('mentioned you in a reply in “Closing the books”');
  });

  it('a mention in a comment notifies and mails the member; a non-member, oneself and a deactivated member get nothing', async () => {
    const carol = await member(); // the article's author, default channel (in app)
    const bob = await member();
    const dave = await member();
    const gone = await member({ isActive: false });
    await setChannels(dave, { mention: 'email' });
    const articleId = await articleOf(carol);
    const stranger = randomUUID();
    const content = `Ask ${mention(dave)} or @[Nobody](${stranger}) — ${mention(bob)} and ${mention(gone)} too; plain @Dave is text.`;
    const res = await bob.agent.post(`/api/news/${articleId}/comments`, { content });
    expect(res.status).toBe(201);
    const commentId = res.body.id;

    const [forDave] = await list(dave);
    expect(await list(dave)).toHaveLength(1);
    expect(forDave).toMatchObject({ type: 'mention', target: { kind: 'article', id: articleId, title: 'Lease accounting', path: `/news/${articleId}#comment-${commentId}` } });
    expect((await list(carol)).map((i) => i.type)).toEqual(['article_comment']);
    expect(await list(bob)).toEqual([]);
    expect(await t.db('notifications').where({ comment_id: commentId }).pluck('user_id')).toHaveLength(2);
    expect(await t.db('notifications').where({ user_id: gone.user.id })).toEqual([]);

    const [mail] = await smtp.waitFor(dave.user.email);
    await outboxDrained();
    expect(smtp.to(dave.user.email)).toHaveLength(1);
    expect(smtp.to(carol.user.email)).toHaveLength(0); // in app only
    expect(smtp.to(bob.user.email)).toHaveLength(0);
    expect(smtp.to(gone.user.email)).toHaveLength(0);
    expect(mail.parsed.subject).toBe(`${bob.user.first_name} ${bob.user.last_name} mentioned you in a comment on “Lease accounting”`);
    // The mail shows mentions as @Name, not the stored markup.
    expect(mail.parsed.text).toContain(`Ask @${dave.user.first_name} ${dave.user.last_name} or @Nobody`);
    expect(mail.parsed.text).not.toContain(dave.user.id + ')');
    expect(mail.parsed.text).toContain(`${MAIL_TEST_PUBLIC_URL}/news/${articleId}#comment-${commentId}`);
  });

  it("a mention in an episode's comment notifies and mails the member with a link to the comment; deleting the comment withdraws it", async () => {
    const bob = await member();
    const dave = await member();
    await setChannels(dave, { mention: 'email' });
    const episodeId = await insertPodcast(t.db, { categoryIds: [newsCategoryId], title: 'Audit season, part 2' });
    const res = await bob.agent.post(`/api/podcasts/${episodeId}/comments`, { content: `Worth a listen, ${mention(dave)}.` });
    expect(res.status).toBe(201);
    const commentId = res.body.id;

    const [forDave] = await list(dave);
    expect(await list(dave)).toHaveLength(1);
    expect(forDave).toMatchObject({
      type: 'mention',
      target: { kind: 'episode', id: episodeId, title: 'Audit season, part 2', path: `/podcasts/${episodeId}#comment-${commentId}` },
    });
    expect(await list(bob)).toEqual([]);

    const [mail] = await smtp.waitFor(dave.user.email);
    expect(mail.parsed.subject).toBe(`${bob.user.first_name} ${bob.user.last_name} mentioned you in a comment on “Audit season, part 2”`);
    expect(mail.parsed.text).toContain(`${MAIL_TEST_PUBLIC_URL}/podcasts/${episodeId}#comment-${commentId}`);
    expect(mail.parsed.text).toContain(`Worth a listen, @${dave.user.first_name} ${dave.user.last_name}.`);

    expect((await bob.agent.delete(`/api/podcasts/comments/${commentId}`)).status).toBe(200);
    expect(await list(dave)).toEqual([]);
  });

  it("a comment on a draft episode tells nobody it mentions", async () => {
    const editor = await member({ role: 'editor' });
    const reader = await member();
    const draft = await insertPodcast(t.db, { categoryIds: [newsCategoryId], status: 'draft' });
    expect((await editor.agent.post(`/api/podcasts/${draft}/comments`, { content: `Look, ${mention(reader)}` })).status).toBe(201);
    expect(await list(reader)).toEqual([]);
  });

  it('a comment on a draft (which only editors see) tells nobody, mentioned or author', async () => {
    const writer = await member({ role: 'contributor' });
    const editor = await member({ role: 'editor' });
    const reader = await member();
    const draft = await articleOf(writer, { status: 'draft' });
    expect((await editor.agent.post(`/api/news/${draft}/comments`, { content: `Look, ${mention(reader)}` })).status).toBe(201);
    expect(await list(reader)).toEqual([]);
    expect(await list(writer)).toEqual([]);
  });

  it('notifies at most ten mentioned members per post', async () => {
    const author = await member();
    const bob = await member();
    const many = await Promise.all(Array.from({ length: 12 }, () => member()));
    const discussionId = await discussionOf(author);
    expect((await bob.agent.post('/api/forum/replies', { discussionId, content: many.map(mention).join(' ') })).status).toBe(201);
    const told = await t.db('notifications').whereIn('user_id', many.map((m) => m.user.id)).pluck('user_id');
    expect(told.sort()).toEqual(many.slice(0, 10).map((m) => m.user.id).sort());
  });

  it('an editor publishing or featuring my article tells me once; re-publishing and my own changes do not', async () => {
    const writer = await member({ role: 'contributor' });
    const editor = await member({ role: 'editor' });
    await setChannels(writer, { article_published: 'email', article_featured: 'in_app' });
    const articleId = await articleOf(writer, { status: 'draft', title: 'Revenue recognition' });

    expect((await editor.agent.patch(`/api/news/${articleId}/status`, { status: 'published' })).status).toBe(200);
    expect((await editor.agent.patch(`/api/news/${articleId}/status`, { status: 'published' })).status).toBe(200);
    expect((await editor.agent.patch(`/api/news/${articleId}/featured`, { isFeatured: true })).status).toBe(200);
    expect((await editor.agent.patch(`/api/news/${articleId}/featured`, { isFeatured: true })).status).toBe(200);
    const items = await list(writer);
    expect(items.map((i) => i.type)).toEqual(['article_featured', 'article_published']);
    expect(items[0]).toMatchObject({ actor: { id: editor.user.id }, target: { kind: 'article', id: articleId, title: 'Revenue recognition', path: `/news/${articleId}` } });

    const [mail] = await smtp.waitFor(writer.user.email);
    await outboxDrained();
    expect(smtp.to(writer.user.email)).toHaveLength(1);
    expect(mail.parsed.subject).toBe('Your article “Revenue recognition” was published');

    // An editor's own article: nobody to tell.
    const own = await articleOf(editor, { status: 'draft' });
    expect((await editor.agent.patch(`/api/news/${own}/status`, { status: 'published' })).status).toBe(200);
    expect(await list(editor)).toEqual([]);
  });

  it('deleting a comment or a reply withdraws its notifications', async () => {
    const carol = await member();
    const bob = await member();
    const dave = await member();
    const articleId = await articleOf(carol);
    const comment = await bob.agent.post(`/api/news/${articleId}/comments`, { content: `Hello ${mention(dave)}` });
    const discussionId = await discussionOf(carol);
    const reply = await bob.agent.post('/api/forum/replies', { discussionId, content: 'A reply' });
    expect(await unread(carol)).toBe(2);
    expect(await unread(dave)).toBe(1);

    expect((await bob.agent.delete(`/api/news/comments/${comment.body.id}`)).status).toBe(200);
    expect(await unread(dave)).toBe(0);
    expect((await list(carol)).map((i) => i.type)).toEqual(['discussion_reply']);
    // A moderator's delete withdraws as well.
    const editor = await member({ role: 'editor' });
    expect((await editor.agent.delete(`/api/forum/replies/${reply.body.id}`)).status).toBe(200);
    expect(await list(carol)).toEqual([]);
  });

  const notifier = () =>
    new Notifier({ siteName: 'Ledger Commons', secret: TEST_SESSION_SECRET, contactEmail: 'contact@commons.example', mail: { enabled: true, kick: () => t.sender?.kick() } });
  /** Runs the digest a day on and answers the member's digest mail. */
  async function digestOf(m: Member): Promise<ReceivedMail> {
    expect(await notifier().sendDigests(t.db, MAIL_TEST_PUBLIC_URL, Date.now() + DIGEST_INTERVAL_MS + 60_000)).toBeGreaterThanOrEqual(1);
    const [digest] = await smtp.waitFor(m.user.email);
    return digest;
  }
  const SECRET = 'SECRET: the Q4 restructuring';

  it('an article moved back to draft and renamed: its members see "no longer available", never the draft’s title, in the list and the digest', async () => {
    const carol = await member(); // the author, not an editor: drafts are hidden from her
    const bob = await member();
    const dave = await member();
    const editor = await member({ role: 'editor' });
    await setChannels(dave, { mention: 'digest' });
    const articleId = await articleOf(carol, { title: 'Lease accounting' });
    const comment = await bob.agent.post(`/api/news/${articleId}/comments`, { content: `Hello ${mention(dave)} and ${mention(editor)}` });
    expect(comment.status).toBe(201);
    expect((await list(dave))[0].target).toEqual({ available: true, kind: 'article', id: articleId, title: 'Lease accounting', path: `/news/${articleId}#comment-${comment.body.id}` });

    expect((await editor.agent.patch(`/api/news/${articleId}/status`, { status: 'draft' })).status).toBe(200);
    expect((await editor.agent.patch(`/api/news/${articleId}`, { title: SECRET })).status).toBe(200);

    for (const m of [dave, carol]) {
      const res = await m.agent.get('/api/notifications');
      expect(res.text).not.toContain('SECRET');
      expect(res.text).not.toContain(articleId);
      expect(res.body.map((i: Notification) => [i.type, i.target])).toEqual([[m === dave ? 'mention' : 'article_comment', { available: false, kind: 'article' }]]);
    }
    // An editor may open the draft: its page shows this title to them anyway.
    expect((await list(editor))[0].target).toMatchObject({ available: true, title: SECRET });

    const digest = await digestOf(dave);
    expect(digest.parsed.text).toContain(`${bob.user.first_name} ${bob.user.last_name} mentioned you in a comment on an article that is no longer available`);
    for (const body of [digest.parsed.text!, digest.parsed.html as string]) {
      expect(body).not.toContain('SECRET');
      expect(body).not.toContain(`/news/${articleId}`);
      expect(body).not.toContain('Hello'); // the comment's words stay with the hidden article
    }
  });

  it('a discussion moved back to draft and renamed: the mentioned member sees "no longer available", its author (who may open it) the title', async () => {
    const alice = await member();
    const bob = await member();
    const dave = await member();
    const editor = await member({ role: 'editor' });
    await setChannels(dave, { mention: 'digest' });
    const discussionId = await discussionOf(alice);
    expect((await bob.agent.post('/api/forum/replies', { discussionId, content: `Over to you, ${mention(dave)}` })).status).toBe(201);
    expect((await editor.agent.patch(`/api/forum/discussions/${discussionId}/status`, { status: 'draft' })).status).toBe(200);
    expect((await alice.agent.patch(`/api/forum/discussions/${discussionId}`, { title: SECRET })).status).toBe(200);

    const res = await dave.agent.get('/api/notifications');
    expect(res.text).not.toContain('SECRET');
    expect(res.body.map((i: Notification) => i.target)).toEqual([{ available: false, kind: 'discussion' }]);
    expect((await list(alice))[0].target).toMatchObject({ available: true, kind: 'discussion', title: SECRET });

    const digest = await digestOf(dave);
    expect(digest.parsed.text).toContain('mentioned you in a reply in a discussion that is no longer available');
    expect(digest.parsed.text).not.toContain('SECRET');
    expect(digest.parsed.text).not.toContain(`/forums/${discussionId}`);
  });

  it('a renamed target that is still published shows its current title; republishing a hidden one shows it again', async () => {
    const carol = await member();
    const bob = await member();
    const dave = await member();
    const editor = await member({ role: 'editor' });
    await setChannels(dave, { mention: 'digest' });
    const articleId = await articleOf(carol, { title: 'Lease accounting' });
    const comment = await bob.agent.post(`/api/news/${articleId}/comments`, { content: `Hello ${mention(dave)}` });
    expect((await editor.agent.patch(`/api/news/${articleId}`, { title: 'Lease accounting under IFRS 16' })).status).toBe(200);
    const path = `/news/${articleId}#comment-${comment.body.id}`;
    expect((await list(dave))[0].target).toEqual({ available: true, kind: 'article', id: articleId, title: 'Lease accounting under IFRS 16', path });
    const digest = await digestOf(dave);
    expect(digest.parsed.text).toContain(`mentioned you in a comment on “Lease accounting under IFRS 16” “Hello @${dave.user.first_name} ${dave.user.last_name}” ${MAIL_TEST_PUBLIC_URL}${path}`);

    // Hidden, then public again under another title: what is public now is shown.
    expect((await editor.agent.patch(`/api/news/${articleId}/status`, { status: 'draft' })).status).toBe(200);
    expect((await list(dave))[0].target).toEqual({ available: false, kind: 'article' });
    expect((await editor.agent.patch(`/api/news/${articleId}`, { title: 'Leases, revisited', status: 'published' })).status).toBe(200);
    expect((await list(dave))[0].target).toMatchObject({ available: true, title: 'Leases, revisited', path });
  });

  it('deleting the article or the discussion withdraws its notifications from the list and the digest', async () => {
    const carol = await member();
    const bob = await member();
    const dave = await member();
    const editor = await member({ role: 'editor' });
    await setChannels(dave, { mention: 'digest', discussion_reply: 'digest' });
    const articleId = await articleOf(carol);
    const discussionId = await discussionOf(carol);
    const keptId = await discussionOf(dave, 'Kept');
    await bob.agent.post(`/api/news/${articleId}/comments`, { content: `Hello ${mention(dave)}` });
    await bob.agent.post('/api/forum/replies', { discussionId, content: `Hello ${mention(dave)}` });
    await bob.agent.post('/api/forum/replies', { discussionId: keptId, content: 'Still here' });
    expect(await list(dave)).toHaveLength(3);

    expect((await editor.agent.delete(`/api/news/${articleId}`)).status).toBe(200);
    expect((await carol.agent.delete(`/api/forum/discussions/${discussionId}`)).status).toBe(200);
    expect((await list(dave)).map((i) => i.target)).toEqual([{ available: true, kind: 'discussion', id: keptId, title: 'Kept', path: expect.stringMatching(`^/forums/${keptId}#reply-`) }]);
    const digest = await digestOf(dave);
    expect(digest.parsed.subject).toBe('1 new notification on Ledger Commons');
    expect(digest.parsed.text).toContain('replied to your discussion “Kept”');
    expect(digest.parsed.text).not.toContain(articleId);
    expect(digest.parsed.text).not.toContain(discussionId);
  });

  it('featuring a draft tells its author only if they may open it: no draft title in the list or mail of a member who cannot', async () => {
    const writer = await member({ role: 'contributor' });
    const staffWriter = await member({ role: 'editor' });
    const editor = await member({ role: 'editor' });
    await setChannels(writer, { article_featured: 'email' });
    await setChannels(staffWriter, { article_featured: 'email' });
    const hidden = await articleOf(writer, { status: 'draft', title: SECRET });
    const seen = await articleOf(staffWriter, { status: 'draft', title: 'Draft for editors' });
    expect((await editor.agent.patch(`/api/news/${hidden}/featured`, { isFeatured: true })).status).toBe(200);
    expect((await editor.agent.patch(`/api/news/${seen}/featured`, { isFeatured: true })).status).toBe(200);
    expect(await list(writer)).toEqual([]);
    expect((await list(staffWriter))[0].target).toMatchObject({ available: true, title: 'Draft for editors' });
    const [mail] = await smtp.waitFor(staffWriter.user.email);
    expect(mail.parsed.subject).toBe('Your article “Draft for editors” was featured');
    await outboxDrained();
    expect(smtp.to(writer.user.email)).toHaveLength(0);
  });

  it("channel 'off' creates nothing and mails nothing", async () => {
    const alice = await member();
    const bob = await member();
    await setChannels(alice, { discussion_reply: 'off', mention: 'off' });
    const discussionId = await discussionOf(alice);
    expect((await bob.agent.post('/api/forum/replies', { discussionId, content: `Hi ${mention(alice)}` })).status).toBe(201);
    expect(await list(alice)).toEqual([]);
    await outboxDrained();
    expect(await t.db('mail_outbox').where({ to_address: alice.user.email })).toEqual([]);
  });

  it('the one-click unsubscribe link stops further mail without signing in; a forged token changes nothing', async () => {
    const alice = await member();
    const bob = await member();
    await setChannels(alice, { discussion_reply: 'email' });
    const discussionId = await discussionOf(alice);
    await bob.agent.post('/api/forum/replies', { discussionId, content: 'First' });
    const [mail] = await smtp.waitFor(alice.user.email);
    const url = /^<([^>]+)>/.exec(mailHeader(mail, 'List-Unsubscribe')!)![1];
    const path = url.slice(MAIL_TEST_PUBLIC_URL.length);
    const token = new URL(url).searchParams.get('token')!;

    // Opening the link (a person, or a scanner) changes nothing and offers the button.
    const anonymous = t.agent();
    const page = await anonymous.get(path, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    expect((await alice.agent.get('/api/notifications/settings')).body.discussion_reply).toBe('email');

    // Forged: another member's id with Alice's signature, another type, a bad signature.
    const [, , sig] = token.split('.');
    for (const forged of [`${bob.user.id}.discussion_reply.${sig}`, `${alice.user.id}.mention.${sig}`, `${alice.user.id}.discussion_reply.${'A'.repeat(43)}`, 'nonsense']) {
      const res = await anonymous.request('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.token).toEqual(['This unsubscribe link is not valid']);
    }
    expect((await alice.agent.get('/api/notifications/settings')).body.discussion_reply).toBe('email');

    // The mail client's POST (RFC 8058): a form body, no cookie, an Origin that is not ours.
    const done = await anonymous.request('POST', path, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true, scope: 'discussion_reply' });
    expect((await alice.agent.get('/api/notifications/settings')).body.discussion_reply).toBe('in_app');

    await bob.agent.post('/api/forum/replies', { discussionId, content: 'Second' });
    expect(await list(alice)).toHaveLength(2);
    await outboxDrained();
    expect(smtp.to(alice.user.email)).toHaveLength(1);
    // The exemption is this path only: other writes from another origin are still refused.
    const elsewhere = await alice.agent.request('POST', '/api/notifications/read-all', { headers: { origin: 'https://mail.example' } });
    expect(elsewhere.status).toBe(403);
  });

  it('the daily digest gathers waiting notifications into one mail, once', async () => {
    const erin = await member();
    const bob = await member();
    const carol = await member();
    await setChannels(erin, { article_comment: 'digest', mention: 'digest' });
    const articleId = await articleOf(erin, { title: 'Audit trails' });
    await bob.agent.post(`/api/news/${articleId}/comments`, { content: 'One' });
    await carol.agent.post(`/api/news/${articleId}/comments`, { content: 'Two' });
    const other = await articleOf(carol, { title: 'Tax season' });
    await bob.agent.post(`/api/news/${other}/comments`, { content: `Three, ${mention(erin)}` });
    expect(await list(erin)).toHaveLength(3);
    await outboxDrained();
    expect(await t.db('mail_outbox').where({ to_address: erin.user.email })).toEqual([]);

    const notifier = new Notifier({ siteName: 'Ledger Commons', secret: TEST_SESSION_SECRET, contactEmail: 'contact@commons.example', mail: { enabled: true, kick: () => t.sender?.kick() } });
    // Not a day old yet: nothing.
    expect(await notifier.sendDigests(t.db, MAIL_TEST_PUBLIC_URL, Date.now())).toBe(0);
    const tomorrow = Date.now() + DIGEST_INTERVAL_MS + 60_000;
    expect(await notifier.sendDigests(t.db, MAIL_TEST_PUBLIC_URL, tomorrow)).toBeGreaterThanOrEqual(1);
    const [digest] = await smtp.waitFor(erin.user.email);
    // One line per group (docs/notifications.md "Groups"): the two comments on one article are one.
    expect(digest.parsed.subject).toBe('2 new notifications on Ledger Commons');
    for (const words of [`${carol.user.first_name} and ${bob.user.first_name} commented on “Audit trails” “Two”`, 'mentioned you in a comment on “Tax season”', `${MAIL_TEST_PUBLIC_URL}/news/${articleId}#comment-`]) {
      expect(digest.parsed.text).toContain(words);
    }
    expect(mailHeader(digest, 'List-Unsubscribe')).toMatch(/^<https:\/\/commons\.example\/api\/notifications\/unsubscribe\?token=[^>]+\.digest\.[^>]+>/);
    // Each notification goes in one digest: a second run sends nothing more.
    expect(await notifier.sendDigests(t.db, MAIL_TEST_PUBLIC_URL, tomorrow)).toBe(0);
    await outboxDrained();
    expect(smtp.to(erin.user.email)).toHaveLength(1);
    expect(await t.db('notifications').where({ user_id: erin.user.id }).pluck('email')).toEqual(['digested', 'digested', 'digested']);

    // Unsubscribing from the digest turns its types to in-app and drops what was waiting.
    await bob.agent.post(`/api/news/${articleId}/comments`, { content: 'Four' });
    const token = /token=([^>]+)>/.exec(mailHeader(digest, 'List-Unsubscribe')!)![1];
    expect((await t.agent().request('POST', `/api/notifications/unsubscribe?token=${token}`, { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(200);
    expect((await erin.agent.get('/api/notifications/settings')).body).toMatchObject({ article_comment: 'in_app', mention: 'in_app' });
    expect(await notifier.sendDigests(t.db, MAIL_TEST_PUBLIC_URL, tomorrow + DIGEST_INTERVAL_MS)).toBe(0);
  });

  it('the digest says how many CPD hours are missing as the CPD year ends, to members who asked for it only', async () => {
    const tomorrow = Date.now() + DIGEST_INTERVAL_MS + 60_000;
    // A CPD year that starts next month ends with this month: always within the nudge's 60 days.
    const now = new Date(tomorrow);
    const yearStartMonth = ((now.getUTCMonth() + 1) % 12) + 1;
    const yearEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
    const asked = await member();
    const quiet = await member();
    const paused = await member();
    const bob = await member();
    for (const [m, settings] of [
      [asked, { digestNudge: true, trackingPaused: false }],
      [quiet, { digestNudge: false, trackingPaused: false }],
      [paused, { digestNudge: true, trackingPaused: true }],
    ] as const) {
      await setChannels(m, { article_comment: 'digest' });
      expect((await m.agent.put('/api/cpd/settings', { body: 'acca', yearStartMonth, ...settings })).status).toBe(200);
      await bob.agent.post(`/api/news/${await articleOf(m, { title: 'Going concern' })}/comments`, { content: 'A note' });
    }
    const notifier = new Notifier({ siteName: 'Ledger Commons', secret: TEST_SESSION_SECRET, contactEmail: 'contact@commons.example', mail: { enabled: true, kick: () => t.sender?.kick() } });
    expect(await notifier.sendDigests(t.db, MAIL_TEST_PUBLIC_URL, tomorrow)).toBeGreaterThanOrEqual(3);
    const day = yearEnd.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    // ACCA's 40 units, none logged yet.
    const [mail] = await smtp.waitFor(asked.user.email);
    expect(mail.parsed.text).toContain(`Your CPD ledger: 40 hours to go before ${day}. ${MAIL_TEST_PUBLIC_URL}/cpd`);
    for (const m of [quiet, paused]) {
      const [other] = await smtp.waitFor(m.user.email);
      expect(other.parsed.text).toContain('commented on your article “Going concern”');
      expect(other.parsed.text).not.toContain('CPD');
    }
  });

  it("reads and marks only one's own: another member's notification is 404 and stays unread", async () => {
    const alice = await member();
    const bob = await member();
    const mallory = await member();
    const discussionId = await discussionOf(alice);
    await bob.agent.post('/api/forum/replies', { discussionId, content: 'One' });
    await bob.agent.post('/api/forum/replies', { discussionId, content: 'Two' });
    const [first, second] = await list(alice);

    for (const path of [`/api/notifications/${first.id}/read`, `/api/notifications/${randomUUID()}/read`, '/api/notifications/not-an-id/read']) {
      const res = await mallory.agent.post(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Notification not found', code: 'not_found' });
    }
    expect(await list(mallory)).toEqual([]);
    expect((await mallory.agent.post('/api/notifications/read-all')).status).toBe(200);
    // Both replies are one group of the discussion: the bell counts one (docs/notifications.md "Groups").
    expect(await unread(alice)).toBe(1);
    expect((await alice.agent.get('/api/notifications')).body.filter((i: Notification) => !i.read)).toHaveLength(2);

    // Idempotent for the owner; the group stays unread while one of its rows is.
    expect((await alice.agent.post(`/api/notifications/${first.id}/read`)).status).toBe(200);
    expect((await alice.agent.post(`/api/notifications/${first.id}/read`)).status).toBe(200);
    expect(await unread(alice)).toBe(1);
    expect((await list(alice)).map((i) => [i.id, i.read])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect((await alice.agent.post('/api/notifications/read-all')).status).toBe(200);
    expect(await unread(alice)).toBe(0);
  });

  it('pages newest first with the same number of queries for 1 or 50 rows', async () => {
    const reader = await member();
    const actor = await member();
    const discussionId = await discussionOf(reader);
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    await t.db('notifications').insert(
      Array.from({ length: 60 }, (_, i) => ({
        id: randomUUID(),
        user_id: reader.user.id,
        type: 'discussion_reply',
        actor_id: actor.user.id,
        discussion_id: discussionId,
        created_at: new Date(base + Math.floor(i / 2) * 1000).toISOString(), // pairs share a time: the id breaks ties
        email: 'none',
      })),
    );
    // A member's first request of the period also notes when they were last seen (one write per 5 minutes): made before counting.
    await reader.agent.get('/api/notifications/unread-count');
    const queries = (path: string) => t.countQueries(async () => expect((await reader.agent.get(path)).status).toBe(200));
    expect(await queries('/api/notifications?limit=50')).toBe(await queries('/api/notifications?limit=1'));

    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res: { body: Notification[]; headers: Headers } = await reader.agent.get(`/api/notifications?limit=25${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.body.map((i) => i.id));
      cursor = res.headers.get('x-next-cursor');
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    const times = (await list(reader)).map((i) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers bad input with 400 and field errors', async () => {
    const m = await member();
    const cases: Array<[string, string, unknown, string]> = [
      ['PUT', '/api/notifications/settings', { mention: 'sms' }, 'mention'],
      ['PUT', '/api/notifications/settings', { bogus: 'email' }, '_'],
      ['PUT', '/api/notifications/settings', {}, '_'],
      ['PUT', '/api/notifications/settings', { mention: 42 }, 'mention'],
      ['GET', '/api/notifications?limit=0', undefined, 'limit'],
      ['GET', '/api/notifications?limit=abc', undefined, 'limit'],
      ['GET', '/api/notifications?cursor=garbage', undefined, 'cursor'],
      ['GET', '/api/members/mentions?q=', undefined, 'q'],
      ['GET', `/api/members/mentions?q=${'x'.repeat(51)}`, undefined, 'q'],
      ['POST', '/api/notifications/unsubscribe', undefined, 'token'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await m.agent.request(method, path, { body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys(res.body.errors), `${method} ${path}`).toContain(field);
    }
    // A valid change answers every type with its channel (defaults filled in).
    const ok = await m.agent.put('/api/notifications/settings', { mention: 'digest' });
    expect(ok.body).toEqual({ discussion_reply: 'in_app', mention: 'digest', article_comment: 'in_app', article_published: 'in_app', article_featured: 'in_app', answer_marked: 'in_app', watched_reply: 'in_app', watched_discussion: 'in_app', moderation: 'in_app', report_outcome: 'in_app' });
  });

  it('suggests active members by name prefix for mentions: at most 8, public fields only', async () => {
    const m = await member();
    const stamp = randomUUID().slice(0, 6);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await createUser(t.db, { firstName: `Zq${stamp}${i}`, lastName: 'Ledger' }));
    await createUser(t.db, { firstName: 'Quentin', lastName: `Zq${stamp}x` });
    await createUser(t.db, { firstName: `Zq${stamp}gone`, isActive: false });
    const res = await m.agent.get(`/api/members/mentions?q=zQ${stamp}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(8);
    expect(Object.keys(res.body[0]).sort()).toEqual(['id', 'name', 'profileImageUrl']);
    expect(res.body.map((s: { name: string }) => s.name)).not.toContain(`Zq${stamp}gone User`);
    const last = await m.agent.get(`/api/members/mentions?q=Zq${stamp}x`);
    expect(last.body.map((s: { name: string }) => s.name)).toEqual([`Quentin Zq${stamp}x`]);
    // LIKE's wildcards are literal.
    expect((await m.agent.get('/api/members/mentions?q=%25')).body).toEqual([]);
    expect(made).toHaveLength(10);
  });
});
