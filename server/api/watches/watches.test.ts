import { describe, expect, it } from 'vitest';
import { mentionMarkup, type Notification, type NotificationChannel, type NotificationType } from '../../../contracts/notifications';
import type { Role } from '../../../contracts/common';
import { DB_KINDS, TEST_SESSION_SECRET, type Agent, type TestServer } from '../../test/harness';
import { forumCategory, postDiscussion, postReply } from '../../test/factories';
import type { UserRow } from '../users/presenter';
import { Notifier } from '../notifications/notify';
import { newMember } from '../../test/agents';
import { MAIL_TEST_PUBLIC_URL, mailHeader, mailingServer } from '../../test/mail';
import { until } from '../../test/wait';

/*
 * Watching discussions and categories (docs/notifications.md, "Watching") on both databases over real
 * HTTP, with mail through a real SMTP server: levels and their defaults, who a reply or a new
 * discussion tells (once each, mention first, never the muted), and the batched mail of a burst.
 */

interface Member {
  user: UserRow;
  agent: Agent;
}

const INTERVAL = 600_000;


describe.each(DB_KINDS)('watching [%s]', (kind) => {
  let t: TestServer;
  const smtp = mailingServer(kind, (server) => (t = server));

  let n = 0;
  async function member(o: { role?: Role } = {}): Promise<Member> {
    n++;
    return newMember(t, { firstName: `Watcher${n}`, lastName: `Person${n}`, role: o.role });
  }
  const category = async () => (await forumCategory(t.db)).id;
  const list = async (m: Member) => (await m.agent.get<Notification[]>('/api/notifications')).body;
  const types = async (m: Member) => (await list(m)).map((x) => x.type);
  const watch = (m: Member, path: string, level: string) => m.agent.put(`/api/forum/${path}/watch`, { level });
  async function setChannels(m: Member, channels: Partial<Record<NotificationType, NotificationChannel>>): Promise<void> {
    expect((await m.agent.put('/api/notifications/settings', channels)).status).toBe(200);
  }
  const notifier = () =>
    new Notifier({ siteName: 'Ledger Commons', secret: TEST_SESSION_SECRET, contactEmail: 'contact@commons.example', mail: { enabled: true, kick: () => t.sender?.kick() } });
  const outboxDrained = () => until(async () => !(await t.db('mail_outbox').where({ status: 'pending' }).first()), 15_000, 'the outbox to drain');

  it('levels: the author watches by default, others are normal; a choice is kept; a category carries down', async () => {
    const alice = await member();
    const bob = await member();
    const cat = await category();
    const d = await postDiscussion(alice.agent, cat, 'Deferred tax');

    expect((await alice.agent.get(`/api/forum/discussions/${d.id}/watch`)).body).toEqual({ level: 'watching', chosen: false });
    expect((await bob.agent.get(`/api/forum/discussions/${d.id}/watch`)).body).toEqual({ level: 'normal', chosen: false });
    expect((await bob.agent.get(`/api/forum/categories/${cat}/watch`)).body).toEqual({ level: 'normal', chosen: false });

    const put = await watch(alice, `discussions/${d.id}`, 'muted');
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ level: 'muted', chosen: true });
    // Idempotent: the outbox may send it twice.
    expect((await watch(alice, `discussions/${d.id}`, 'muted')).body).toEqual({ level: 'muted', chosen: true });
    expect((await alice.agent.get(`/api/forum/discussions/${d.id}/watch`)).body).toEqual({ level: 'muted', chosen: true });

    // Watching the category: its discussions too, unless chosen otherwise for one.
    expect((await watch(bob, `categories/${cat}`, 'watching')).body).toEqual({ level: 'watching', chosen: true });
    expect((await bob.agent.get(`/api/forum/discussions/${d.id}/watch`)).body).toEqual({ level: 'watching', chosen: false });
    await watch(bob, `discussions/${d.id}`, 'normal');
    expect((await bob.agent.get(`/api/forum/discussions/${d.id}/watch`)).body).toEqual({ level: 'normal', chosen: true });
    // Each member's level is their own.
    expect((await alice.agent.get(`/api/forum/categories/${cat}/watch`)).body).toEqual({ level: 'normal', chosen: false });
  });

  it('bad input 400 with field errors, unknown or unseen targets 404, signed out 401', async () => {
    const alice = await member();
    const bob = await member();
    const cat = await category();
    const d = await postDiscussion(alice.agent, cat, 'Leases');
    const bad = await watch(bob, `discussions/${d.id}`, 'loud');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.level[0]).toBe('Must be one of: watching, normal, muted');
    expect((await bob.agent.put(`/api/forum/discussions/${d.id}/watch`, { level: 'muted', extra: 1 })).status).toBe(400);
    expect((await bob.agent.put(`/api/forum/discussions/${d.id}/watch`, {})).status).toBe(400);
    expect((await watch(bob, 'discussions/00000000-0000-7000-8000-000000000000', 'muted')).status).toBe(404);
    expect((await watch(bob, 'discussions/not-an-id', 'muted')).status).toBe(404);
    expect((await watch(bob, 'categories/00000000-0000-7000-8000-000000000000', 'muted')).status).toBe(404);
    expect((await t.agent().get(`/api/forum/discussions/${d.id}/watch`)).status).toBe(401);
    expect((await t.agent().put(`/api/forum/categories/${cat}/watch`, { level: 'watching' })).status).toBe(401);
    // A draft is not there for a member who may not see it.
    const editor = await member({ role: 'editor' });
    expect((await editor.agent.patch(`/api/forum/discussions/${d.id}/status`, { status: 'draft' })).status).toBe(200);
    expect((await watch(bob, `discussions/${d.id}`, 'watching')).status).toBe(404);
    expect((await watch(alice, `discussions/${d.id}`, 'watching')).status).toBe(200);
    expect(await t.db('discussion_watches').where({ user_id: bob.user.id })).toEqual([]);
  });

  it('a reply tells each watcher once, never the replier or the muted; the author keeps their notice; a mention wins', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const dave = await member();
    const erin = await member();
    const cat = await category();
    const d = await postDiscussion(alice.agent, cat, 'Closing the books');
    await watch(carol, `discussions/${d.id}`, 'watching');
    // Dave watches the category but muted this discussion; Bob (the replier) watches it too.
    await watch(dave, `categories/${cat}`, 'watching');
    await watch(dave, `discussions/${d.id}`, 'muted');
    await watch(bob, `discussions/${d.id}`, 'watching');
    await watch(erin, `discussions/${d.id}`, 'watching');

    const reply = await postReply(bob.agent, d.id, `Reconcile first, ${mentionMarkup(`${erin.user.first_name} ${erin.user.last_name}`, erin.user.id)}.`);
    expect(await types(carol)).toEqual(['watched_reply']);
    expect((await list(carol))[0]).toMatchObject({
      actor: { id: bob.user.id },
      target: { available: true, kind: 'discussion', id: d.id, title: 'Closing the books', path: `/forums/${d.id}#reply-${reply.id}` },
    });
    expect(await types(alice)).toEqual(['discussion_reply']);
    expect(await types(erin)).toEqual(['mention']);
    expect(await types(dave)).toEqual([]);
    expect(await types(bob)).toEqual([]);
    expect(await t.db('notifications').where({ reply_id: reply.id }).pluck('user_id')).toHaveLength(3);

    // The author who muted their own discussion hears of replies no more.
    await watch(alice, `discussions/${d.id}`, 'muted');
    await postReply(carol.agent, d.id, 'Then accrue.');
    expect(await types(alice)).toEqual(['discussion_reply']);
    expect(await types(bob)).toEqual(['watched_reply']);
  });

  it('a category watcher hears of a new discussion in it and of its replies', async () => {
    const eve = await member();
    const bob = await member();
    const cat = await category();
    const other = await category();
    await watch(eve, `categories/${cat}`, 'watching');
    const d = await postDiscussion(bob.agent, cat, 'Revenue recognition');
    await postDiscussion(bob.agent, other, 'Elsewhere');
    const [started] = await list(eve);
    expect(started).toMatchObject({ type: 'watched_discussion', actor: { id: bob.user.id }, target: { kind: 'discussion', id: d.id, title: 'Revenue recognition', path: `/forums/${d.id}` } });
    expect(await list(eve)).toHaveLength(1);
    // Bob is not told of his own discussion.
    expect(await list(bob)).toEqual([]);
    await postReply((await member()).agent, d.id, 'Five steps.');
    expect(await types(eve)).toEqual(['watched_reply', 'watched_discussion']);
  });

  it('mail: a burst of three replies is one mail listing them once the interval passed; a later reply another', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const d = await postDiscussion(alice.agent, await category(), 'Year-end close');
    await watch(carol, `discussions/${d.id}`, 'watching');
    await setChannels(carol, { watched_reply: 'email' });

    for (const words of ['First thought.', 'Second thought.', 'Third thought.']) await postReply(bob.agent, d.id, words);
    expect(await types(carol)).toEqual(['watched_reply', 'watched_reply', 'watched_reply']);
    // Nothing mailed at once: the burst waits.
    expect(await t.db('mail_outbox').where({ to_address: carol.user.email })).toEqual([]);
    expect(await notifier().sendWatchBatches(t.db, MAIL_TEST_PUBLIC_URL, INTERVAL, Date.now())).toBe(0);

    expect(await notifier().sendWatchBatches(t.db, MAIL_TEST_PUBLIC_URL, INTERVAL, Date.now() + INTERVAL + 1_000)).toBe(1);
    const [mail] = await smtp.waitFor(carol.user.email);
    expect(mail.parsed.subject).toBe('3 new replies in “Year-end close”');
    const text = mail.parsed.text ?? '';
    expect(text.indexOf('First thought.')).toBeGreaterThan(-1);
    expect(text.indexOf('Second thought.')).toBeGreaterThan(text.indexOf('First thought.'));
    expect(text.indexOf('Third thought.')).toBeGreaterThan(text.indexOf('Second thought.'));
    expect(text).toContain(`${bob.user.first_name} ${bob.user.last_name} replied in “Year-end close”`);
    expect(text).toContain(`${MAIL_TEST_PUBLIC_URL}/forums/${d.id}#reply-`);
    expect(mailHeader(mail, 'List-Unsubscribe')).toMatch(/^<https:\/\/commons\.example\/api\/notifications\/unsubscribe\?token=[^>]+\.watched_reply\.[^>]+>, <mailto:/);
    expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // Sent once.
    expect(await notifier().sendWatchBatches(t.db, MAIL_TEST_PUBLIC_URL, INTERVAL, Date.now() + INTERVAL + 1_000)).toBe(0);

    await postReply(bob.agent, d.id, 'One more.');
    const later = Date.now();
    expect(await notifier().sendWatchBatches(t.db, MAIL_TEST_PUBLIC_URL, INTERVAL, later + INTERVAL / 2)).toBe(0);
    expect(await notifier().sendWatchBatches(t.db, MAIL_TEST_PUBLIC_URL, INTERVAL, later + INTERVAL + 1_000)).toBe(1);
    await until(async () => smtp.to(carol.user.email).length === 2, 15_000, 'the second mail');
    await outboxDrained();
    const mails = smtp.to(carol.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1].parsed.subject).toBe('1 new reply in “Year-end close”');
    expect(mails[1].parsed.text).toContain('One more.');
    expect(await t.db('notifications').where({ user_id: carol.user.id }).pluck('email')).toEqual(['sent', 'sent', 'sent', 'sent']);

    // The mail's one-click unsubscribe stops this type's mail (no sign-in), nothing else.
    const token = /token=([^>]+)>/.exec(mailHeader(mail, 'List-Unsubscribe')!)![1];
    const stop = await t.agent().request('POST', `/api/notifications/unsubscribe?token=${token}`, { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(stop.status).toBe(200);
    expect((await carol.agent.get('/api/notifications/settings')).body).toMatchObject({ watched_reply: 'in_app', watched_discussion: 'in_app' });
  });

  it('a discussion moved back to draft tells its watchers nothing (they cannot open it)', async () => {
    const alice = await member();
    const carol = await member();
    const editor = await member({ role: 'editor' });
    const d = await postDiscussion(alice.agent, await category(), 'Restated figures');
    await watch(carol, `discussions/${d.id}`, 'watching');
    await watch(editor, `discussions/${d.id}`, 'watching');
    expect((await editor.agent.patch(`/api/forum/discussions/${d.id}/status`, { status: 'draft' })).status).toBe(200);
    await postReply(alice.agent, d.id, 'Still drafting.');
    expect(await list(carol)).toEqual([]);
    expect(await list(editor)).toEqual([]);
  });

  it('mail: turning the type away from email drops the waiting burst', async () => {
    const alice = await member();
    const carol = await member();
    const d = await postDiscussion(alice.agent, await category(), 'Audit');
    await watch(carol, `discussions/${d.id}`, 'watching');
    await setChannels(carol, { watched_reply: 'email' });
    await postReply(alice.agent, d.id, 'Anyone?');
    expect(await t.db('notifications').where({ user_id: carol.user.id }).pluck('email')).toEqual(['batch']);
    await setChannels(carol, { watched_reply: 'in_app' });
    expect(await t.db('notifications').where({ user_id: carol.user.id }).pluck('email')).toEqual(['none']);
    expect(await notifier().sendWatchBatches(t.db, MAIL_TEST_PUBLIC_URL, INTERVAL, Date.now() + INTERVAL * 2)).toBe(0);
  });
});
