import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMATION_CODES as CODES, EMAIL_CONFIRMATION_MESSAGES as MESSAGES } from '../../../contracts/email-confirmations';
import { mentionMarkup } from '../../../contracts/notifications';
import { DB_KINDS, TEST_SESSION_SECRET, type Agent, type TestServer } from '../../test/harness';
import { createCategory, createUser, insertArticle } from '../../test/factories';
import { upsertInvitation } from '../invitations/repo';
import { issueEmailConfirmation } from './repo';
import { DIGEST_INTERVAL_MS, Notifier } from '../notifications/notify';
import type { UserRow } from '../users/presenter';
import { signInAs } from '../../test/agents';
import { MAIL_TEST_PUBLIC_URL, type ReceivedMail, mailingServer } from '../../test/mail';
import { until } from '../../test/wait';

/*
 * Email confirmation (docs/security.md §13) on both databases, over real HTTP, with mail through a
 * real SMTP server: sign-up mails exactly one link; nothing else is mailed to the address until it
 * is used (notifications stay in the app); the link is single use and lasts 24 hours on the app's
 * clock; an admin's change of the address makes it unconfirmed; resending is limited.
 */

const HOUR = 60 * 60 * 1000;
const PASSWORD = 'Quiet-harbour-lamp-42';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The confirmation link's token in a mail's text body. */
function confirmTokenIn(mail: ReceivedMail): string {
  const match = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no confirmation link in:\n${mail.parsed.text}`);
  return match[1];
}

describe.each(DB_KINDS)('email confirmation [%s]', (kind) => {
  let t: TestServer;
  let categoryId: string;
  // The app's clock: tests move it forward to cross the link's 24 hours.
  let offset = 0;
  const smtp = mailingServer(kind, (server) => (t = server), {
    clock: () => Date.now() + offset,
    emailConfirmationLimits: { resendsPerAccount: { limit: 2, windowMs: HOUR }, resendsPerIp: { limit: 5, windowMs: HOUR } },
  });
  beforeAll(async () => {
    categoryId = (await createCategory(t.db)).id;
  });
  beforeEach(async () => {
    offset = 0;
    await t.db('rate_limit_windows').delete();
  });

  let n = 0;
  const unique = () => `${Date.now().toString(36)}${++n}`;
  /** Every queued message has been sent: what a test sees in the inbox is all there will be. */
  const outboxDrained = () => until(async () => !(await t.db('mail_outbox').where({ status: 'pending' }).first()), 15_000, 'the outbox to drain');
  const queuedTo = (address: string) => t.db('mail_outbox').where({ to_address: address }).orderBy('created_at').select('kind');

  /** Signs up through the API, as the form does; returns the signed-in agent and the account. */
  async function register(email = `someone-${unique()}@example.org`): Promise<{ agent: Agent; user: UserRow; email: string }> {
    const agent = t.agent();
    const res = await agent.post('/api/auth/register', { email, password: PASSWORD, firstName: 'Someone', lastName: `Else${n}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.emailConfirmed).toBe(false);
    const user = (await t.db('users').where({ email }).first()) as UserRow;
    return { agent, user, email };
  }

  /** A published article by a confirmed author, and a confirmed commenter who mentions `whom` in it. */
  async function mentionIn(whom: UserRow): Promise<void> {
    const author = await createUser(t.db);
    const commenter = await createUser(t.db, { firstName: 'Other', lastName: 'Account' });
    const agent = t.agent();
    await signInAs(t.db, agent, commenter.id);
    const articleId = await insertArticle(t.db, { authorId: author.id, categoryIds: [categoryId], title: 'Lease accounting' });
    const name = `${whom.first_name} ${whom.last_name}`;
    const res = await agent.post(`/api/news/${articleId}/comments`, { content: `${mentionMarkup(name, whom.id)} see https://example.net/offer` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const mentionsOf = async (agent: Agent) => ((await agent.get('/api/notifications')).body as Array<{ type: string }>).filter((x) => x.type === 'mention');

  it('sign-up mails exactly one confirmation link; the link confirms once and the user contract says so', async () => {
    const { agent, user, email } = await register();
    const [mail] = await smtp.waitFor(email);
    await outboxDrained();
    expect(smtp.to(email)).toHaveLength(1);
    expect(await queuedTo(email)).toEqual([{ kind: 'email_confirmation' }]);
    expect(mail.parsed.subject).toBe('Confirm your email address for Ledger Commons');
    const token = confirmTokenIn(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.parsed.text).toContain(`${MAIL_TEST_PUBLIC_URL}/confirm-email/${token}`);
    expect(mail.parsed.text).toContain('it works once, for 24 hours');
    // Only the token's hash is kept.
    const rows = await t.db('email_confirmations').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await agent.get('/api/auth/user')).body.emailConfirmed).toBe(false);
    expect((await agent.get('/api/profile')).body.emailConfirmed).toBe(false);

    // Anyone holding the link confirms (it may be opened on another device, signed out).
    const used = await t.agent().post(`/api/email-confirmations/${token}`);
    expect(used.status).toBe(200);
    expect(used.headers.get('cache-control')).toBe('no-store');
    expect(used.body).toEqual({ message: MESSAGES.confirmed, email });
    expect((await agent.get('/api/auth/user')).body.emailConfirmed).toBe(true);
    expect((await agent.get('/api/auth/session')).body.user.emailConfirmed).toBe(true);

    const again = await t.agent().post(`/api/email-confirmations/${token}`);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: CODES.used, message: MESSAGES.used });
  });

  it('no notification mail to an unconfirmed address, while the notification shows in the app; confirming turns mail on', async () => {
    const { agent, user, email } = await register();
    const [confirmation] = await smtp.waitFor(email);
    expect((await agent.put('/api/notifications/settings', { mention: 'email' })).status).toBe(200);

    await mentionIn(user);
    await outboxDrained();
    expect(await mentionsOf(agent)).toHaveLength(1);
    expect(await queuedTo(email)).toEqual([{ kind: 'email_confirmation' }]);
    expect(smtp.to(email)).toHaveLength(1);

    // Confirmed through the mailed link, as the member would.
    expect((await t.agent().post(`/api/email-confirmations/${confirmTokenIn(confirmation)}`)).status).toBe(200);
    await mentionIn(user);
    const mails = await smtp.waitFor(email, 2);
    expect(mails[1].parsed.subject).toContain('mentioned you');
    expect(await mentionsOf(agent)).toHaveLength(2);
  });

  it('the digest skips an unconfirmed address (its notifications stay in the app) and mails a confirmed one', async () => {
    const notifier = new Notifier({ siteName: 'Ledger Commons', secret: TEST_SESSION_SECRET, contactEmail: 'contact@commons.example', mail: { enabled: true, kick: () => t.sender?.kick() } });
    const unconfirmed = await createUser(t.db, { emailConfirmed: false });
    const confirmed = await createUser(t.db);
    const actor = await createUser(t.db);
    const articleId = await insertArticle(t.db, { authorId: actor.id, categoryIds: [categoryId] });
    for (const u of [unconfirmed, confirmed]) {
      // Waiting for the digest (queued while the address was confirmed, say: the address changed since).
      await t.db('notifications').insert({
        id: randomUUID(),
        user_id: u.id,
        type: 'article_published',
        actor_id: actor.id,
        article_id: articleId,
        created_at: new Date().toISOString(),
        email: 'digest',
      });
    }
    const tomorrow = Date.now() + DIGEST_INTERVAL_MS + 60_000;
    expect(await notifier.sendDigests(t.db, MAIL_TEST_PUBLIC_URL, tomorrow)).toBe(1);
    expect(await queuedTo(unconfirmed.email)).toEqual([]);
    expect(await queuedTo(confirmed.email)).toEqual([{ kind: 'notification_digest' }]);
    // Left the queue all the same (no digest later), and still in the list.
    expect(await t.db('notifications').where({ user_id: unconfirmed.id }).select('email')).toEqual([{ email: 'digested' }]);
    expect(await notifier.sendDigests(t.db, MAIL_TEST_PUBLIC_URL, tomorrow)).toBe(0);
  });

  it('a link expires after 24 hours on the app clock; unknown and malformed tokens are 404', async () => {
    const { agent, email } = await register();
    const token = confirmTokenIn((await smtp.waitFor(email))[0]);
    offset = 24 * HOUR + 1000;
    const late = await t.agent().post(`/api/email-confirmations/${token}`);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: CODES.expired, message: MESSAGES.expired });
    expect((await agent.get('/api/auth/user')).body.emailConfirmed).toBe(false);

    const unknown = await t.agent().post(`/api/email-confirmations/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: CODES.invalid, message: MESSAGES.invalid });
    expect((await t.agent().post('/api/email-confirmations/not-a-token')).status).toBe(404);
  });

  it("an admin's change of the address makes it unconfirmed: a link goes to the new address, the old one's no longer counts", async () => {
    const { agent, user, email } = await register();
    const oldToken = confirmTokenIn((await smtp.waitFor(email))[0]);
    expect((await t.agent().post(`/api/email-confirmations/${oldToken}`)).status).toBe(200);
    // A link for the old address still open at the change (as if mailed just before it).
    const pendingOld = await issueEmailConfirmation(t.db, user.id, email, Date.now());

    const admin = t.agent();
    await signInAs(t.db, admin, (await createUser(t.db, { role: 'admin' })).id);
    const newEmail = `moved-${unique()}@example.org`;
    const changed = await admin.patch(`/api/admin/users/${user.id}`, { email: newEmail });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ email: newEmail, emailConfirmed: false });
    expect((await agent.get('/api/auth/user')).body.emailConfirmed).toBe(false);

    const [mail] = await smtp.waitFor(newEmail);
    expect(mail.parsed.subject).toBe('Confirm your email address for Ledger Commons');
    const late = await t.agent().post(`/api/email-confirmations/${pendingOld}`);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe(CODES.expired);

    // Until the new address is confirmed, mail stays off for it.
    expect((await agent.put('/api/notifications/settings', { mention: 'email' })).status).toBe(200);
    await mentionIn({ ...user, email: newEmail });
    await outboxDrained();
    expect(await queuedTo(newEmail)).toEqual([{ kind: 'email_confirmation' }]);

    expect((await t.agent().post(`/api/email-confirmations/${confirmTokenIn(mail)}`)).status).toBe(200);
    expect((await agent.get('/api/auth/user')).body).toMatchObject({ email: newEmail, emailConfirmed: true });
    // The same address sent again is no change: it stays confirmed and nothing is mailed.
    expect((await admin.patch(`/api/admin/users/${user.id}`, { email: newEmail.toUpperCase() })).body.emailConfirmed).toBe(true);
    await outboxDrained();
    expect(smtp.to(newEmail)).toHaveLength(1);
  });

  it('resending mails a new link, limited per account and per IP (429 with Retry-After); a confirmed address hears 409', async () => {
    // The middle of a clock hour (the limits' windows), so no window ends during the test.
    offset = Math.floor(Date.now() / HOUR) * HOUR + HOUR / 2 - Date.now();
    const { agent, email } = await register();
    await smtp.waitFor(email);
    const first = await agent.post('/api/email-confirmations');
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: MESSAGES.sent });
    expect((await agent.post('/api/email-confirmations')).status).toBe(202);
    const mails = await smtp.waitFor(email, 3);
    const over = await agent.post('/api/email-confirmations');
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'too_many_requests', message: MESSAGES.tooMany });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    await outboxDrained();
    expect(smtp.to(email)).toHaveLength(3);
    // Every link mailed works until one is used (earlier ones are then ended).
    expect((await t.agent().post(`/api/email-confirmations/${confirmTokenIn(mails[1])}`)).status).toBe(200);
    expect((await t.agent().post(`/api/email-confirmations/${confirmTokenIn(mails[2])}`)).status).toBe(410);
    const done = await agent.post('/api/email-confirmations');
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(MESSAGES.alreadyConfirmed);

    // Per IP: other accounts from the same address share one limit (5 here; 2 counted above).
    const others = await Promise.all([register(), register()]);
    const statuses = [];
    for (const o of [...others, ...others]) statuses.push((await o.agent.post('/api/email-confirmations')).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect((await t.agent().post('/api/email-confirmations')).status).toBe(401);
  });

  it('an invited member, whose link proved the address, is confirmed and gets mail', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const email = `invited-${unique()}@example.org`;
    const { token } = await upsertInvitation(t.db, undefined, { email, role: 'subscriber', invitedBy: admin.id });
    const agent = t.agent();
    const accepted = await agent.post(`/api/invitations/${token}/accept`, { firstName: 'Ivy', lastName: 'Invited', password: PASSWORD });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.emailConfirmed).toBe(true);
    expect((await agent.put('/api/notifications/settings', { mention: 'email' })).status).toBe(200);
    await mentionIn((await t.db('users').where({ email }).first()) as UserRow);
    const [mail] = await smtp.waitFor(email);
    expect(mail.parsed.subject).toContain('mentioned you');
    expect(await queuedTo(email)).toEqual([{ kind: 'notification_mention' }]);
  });
});
