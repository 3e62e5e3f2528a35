import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { INVITATION_MESSAGES } from '../../../contracts/users';
import { DB_KINDS, startTestServer, type TestServer } from '../../test/harness';
import { signedIn, newMember } from '../../test/agents';
import { inviteTokenIn, MAIL_TEST_PUBLIC_URL, mailingServer } from '../../test/mail';
import { until } from '../../test/wait';

/*
 * Invitations that arrive, on both databases, over real HTTP, through a real SMTP server
 * started here: the invitation mail and its link, resend, a mail server that is down for a while,
 * names that try to add headers, and a site that cannot send mail.
 */

const address = () => `invitee-${uuidv7()}@example.com`;
const DAY = 86_400_000;

describe.each(DB_KINDS)('invitation mail [%s]', (kind) => {
  let t: TestServer;
  const smtp = mailingServer(kind, (server) => (t = server));

  const admin = async (firstName = 'Ada', lastName = 'Admin') => (await newMember(t, { role: 'admin', firstName, lastName })).agent;
  const outbox = (to: string) => t.db('mail_outbox').where({ to_address: to });

  it('inviting mails the invitee once: who invites, the site, the role, the link and its expiry; the link signs them in', async () => {
    const agent = await admin();
    const to = address();
    const res = await agent.post('/api/users/invite', { email: to, role: 'editor' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: to, role: 'editor', mailed: true });

    const [mail] = await smtp.waitFor(to);
    expect(mail.envelope.to).toEqual([to]);
    expect(mail.envelope.from).toBe('no-reply@commons.example');
    expect(mail.parsed.subject).toBe('Ada Admin invited you to join Ledger Commons');
    const token = inviteTokenIn(mail);
    const link = `${MAIL_TEST_PUBLIC_URL}/invite/${token}`;
    // The same link the answer carries (PUBLIC_URL, the client's /invite/{token} route).
    expect(res.body.inviteUrl).toBe(link);
    const expiry = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(res.body.expiresAt));
    for (const body of [mail.parsed.text!, mail.parsed.html as string]) {
      expect(body).toContain('Ada Admin invited you to join Ledger Commons as Editor.');
      expect(body).toContain(`until ${expiry} UTC`);
      expect(body).toContain('for 7 days');
    }
    expect(mail.parsed.text).toContain(`Accept the invitation: ${link}`);
    expect(mail.parsed.html).toContain(`href="${link}"`);
    expect(mail.parsed.headers.get('auto-submitted')).toBe('auto-generated');

    // Sent once, its body (the live link) dropped from the outbox.
    await until(async () => (await outbox(to).first())?.status === 'sent');
    const rows = await outbox(to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'invitation', html: null, text: null });
    await t.sender!.tick();
    expect(smtp.to(to)).toHaveLength(1);

    // The mailed link opens the invitation and accepting signs the invitee in with the invited role.
    expect((await t.agent().get(`/api/invitations/${token}`)).body).toMatchObject({ email: to, role: 'editor' });
    const invitee = t.agent();
    const accepted = await invitee.post(`/api/invitations/${token}/accept`, { firstName: 'Ivy', lastName: 'Invitee', password: 'Quiet-harbour-lamp-42' });
    expect(accepted.status).toBe(201);
    expect((await invitee.get('/api/auth/user')).body).toMatchObject({ email: to, role: 'editor', firstName: 'Ivy' });
  });

  it('resend mails a fresh link with a fresh 7 days; the previous link stops working', async () => {
    const agent = await admin('Rita', 'Resender');
    const to = address();
    const { body: invitation } = await agent.post('/api/users/invite', { email: to, role: 'contributor' });
    const [first] = await smtp.waitFor(to);
    // Let the first link run out, as a week would.
    await t.db('user_invitations').where({ id: invitation.id }).update({ expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await t.agent().get(`/api/invitations/${inviteTokenIn(first)}`)).status).toBe(410);

    const res = await agent.post(`/api/users/invitations/${invitation.id}/resend`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: invitation.id, email: to, role: 'contributor', linkExpired: false, revokedAt: null, acceptedAt: null });
    // The token went by mail only.
    expect(res.body.inviteUrl).toBeUndefined();
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);

    const second = (await smtp.waitFor(to, 2))[1];
    expect(second.parsed.subject).toBe('Rita Resender invited you to join Ledger Commons');
    expect(second.parsed.text).toContain('as Contributor.');
    const token = inviteTokenIn(second);
    expect(token).not.toBe(inviteTokenIn(first));
    // The old link names nothing any more; the new one works.
    expect((await t.agent().get(`/api/invitations/${inviteTokenIn(first)}`)).status).toBe(404);
    const accepted = await t.agent().post(`/api/invitations/${token}/accept`, { firstName: 'Con', lastName: 'Tributor', password: 'Quiet-harbour-lamp-42' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.role).toBe('contributor');

    // Used: 409, and no mail.
    const used = await agent.post(`/api/users/invitations/${invitation.id}/resend`);
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(/already been accepted/);
    expect(await outbox(to)).toHaveLength(2);
  });

  it('resend: 404 unknown, 409 revoked, 403 for non-admins, 401 signed out — nothing mailed, the link unchanged', async () => {
    const agent = await admin();
    const to = address();
    const { body: invitation } = await agent.post('/api/users/invite', { email: to, role: 'editor' });
    await smtp.waitFor(to);
    const token = invitation.inviteUrl.split('/').pop();

    expect((await agent.post(`/api/users/invitations/${uuidv7()}/resend`)).status).toBe(404);
    expect((await agent.post('/api/users/invitations/not-an-id/resend')).status).toBe(404);
    for (const role of ['subscriber', 'contributor', 'editor'] as const) {
      const { agent: other } = await signedIn(t.db, t.agent(), role);
      expect((await other.post(`/api/users/invitations/${invitation.id}/resend`)).status).toBe(403);
    }
    expect((await t.agent().post(`/api/users/invitations/${invitation.id}/resend`)).status).toBe(401);
    // Refusals change nothing: the mailed link still works.
    expect((await t.agent().get(`/api/invitations/${token}`)).status).toBe(200);

    await agent.post(`/api/users/invitations/${invitation.id}/revoke`);
    const revoked = await agent.post(`/api/users/invitations/${invitation.id}/resend`);
    expect(revoked.status).toBe(409);
    expect(revoked.body.message).toMatch(/revoked/);
    expect(await outbox(to)).toHaveLength(1);
    expect((await t.agent().get(`/api/invitations/${token}`)).status).toBe(410);
  });

  it('an inviter named to add headers adds none; every name is escaped in the HTML', async () => {
    const agent = await admin('<b>Eve</b>\r\nBcc: victim@example.com', 'X\r\nSubject: hacked');
    const to = address();
    expect((await agent.post('/api/users/invite', { email: to, role: 'subscriber' })).status).toBe(201);
    const [mail] = await smtp.waitFor(to);
    expect(mail.envelope.to).toEqual([to]);
    expect(smtp.to('victim@example.com')).toHaveLength(0);
    const header = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
    expect(header).not.toMatch(/^bcc:/im);
    expect(header.match(/^subject:/gim)).toHaveLength(1);
    expect(mail.parsed.subject).toBe('<b>Eve</b> Bcc: victim@example.com X Subject: hacked invited you to join Ledger Commons');
    expect(mail.parsed.html).not.toContain('<b>Eve</b>');
    expect(mail.parsed.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });

  it('with the mail server down the invitation is still made, and its mail delivered once when it is back', async () => {
    const agent = await admin();
    await smtp.stop();
    const to = address();
    const res = await agent.post('/api/users/invite', { email: to, role: 'editor' });
    expect(res.status).toBe(201);
    expect(res.body.mailed).toBe(true);
    expect((await agent.get('/api/users/invitations')).body.map((i: { id: string }) => i.id)).toContain(res.body.id);
    // Attempts fail and are retried.
    await until(async () => /ECONNREFUSED|ESOCKET|ECONNECTION/.test((await outbox(to).first())?.last_error ?? ''), 15_000, 'a failed attempt');
    expect((await outbox(to).first()).status).toBe('pending');
    await smtp.start();
    const [mail] = await smtp.waitFor(to);
    await until(async () => (await outbox(to).first()).status === 'sent');
    await t.sender!.tick();
    expect(smtp.to(to)).toHaveLength(1);
    expect(`${MAIL_TEST_PUBLIC_URL}/invite/${inviteTokenIn(mail)}`).toBe(res.body.inviteUrl);
    expect((await t.agent().get(`/api/invitations/${inviteTokenIn(mail)}`)).status).toBe(200);
  });
});

describe.each(DB_KINDS)('invitations without mail [%s]', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    // Production without SMTP_URL; a trusted proxy says the request came over HTTPS.
    t = await startTestServer(kind, { publicUrl: MAIL_TEST_PUBLIC_URL, mail: { mode: 'off', from: 'x@example.com' }, env: 'production', trustProxy: ['127.0.0.1'] });
  }, 60_000);
  afterAll(() => t?.close());

  it('inviting still works and hands the admin the link to pass on; resend says mail is off and changes nothing', async () => {
    const { agent } = await signedIn(t.db, t.agent(), 'admin');
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': new URL(t.url).host, origin: `https://${new URL(t.url).host}` };
    const res = await agent.request('POST', '/api/users/invite', { body: { email: address(), role: 'editor' }, headers: https });
    expect(res.status).toBe(201);
    expect(res.body.mailed).toBe(false);
    expect(res.body.inviteUrl).toMatch(new RegExp(`^${MAIL_TEST_PUBLIC_URL}/invite/[A-Za-z0-9_-]{43}$`));
    expect(await t.db('mail_outbox')).toEqual([]);

    const resend = await agent.request('POST', `/api/users/invitations/${res.body.id}/resend`, { headers: https });
    expect(resend.status).toBe(503);
    expect(resend.body).toEqual({ message: INVITATION_MESSAGES.mailUnavailable, code: 'mail_unavailable' });
    expect(await t.db('mail_outbox')).toEqual([]);
    // The link the admin passed on still works.
    const token = res.body.inviteUrl.split('/').pop();
    expect((await t.agent().request('GET', `/api/invitations/${token}`, { headers: https })).status).toBe(200);
  });
});
