import { describe, expect, it } from 'vitest';
import { connect } from '../db/connect';
import type { Knex } from 'knex';
import { Agent, DB_KINDS, type DbKind } from '../test/harness';
import { createServer, type AddressInfo } from 'node:net';
import { ADMIN, deploy, startServer, type Deployment } from '../test/child-server';
import { mentionMarkup } from '../../contracts/notifications';
import { forumCategory, postDiscussion, postReply } from '../test/factories';
import { resetTokenIn, TestSmtpServer } from '../test/mail';
import { until } from '../test/wait';
import { logIn } from '../test/agents';
import { MAIL_LEASE } from './sender';

interface MailDown {
  d: Deployment;
  smtp: TestSmtpServer;
  db: Knex;
  /** SIGKILLs the server, starts the mail server, starts the server again past what the dead one held. */
  restart: () => Promise<void>;
}

/** A timestamp column as epoch ms (PostgreSQL gives Dates, SQLite ISO text). */
const ms = (value: string | Date) => new Date(value).getTime();

/** A port whose listener drops every connection, as a mail server that is down; `release` frees it (once). */
async function mailServerDown(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(0, '127.0.0.1', resolve);
  });
  let released: Promise<void> | null = null;
  return {
    port: (holder.address() as AddressInfo).port,
    release: () => (released ??= new Promise<void>((resolve) => holder.close(() => resolve()))),
  };
}

/** The real server on a fresh database, its mail server down until `restart`; all cleaned up after. */
async function withMailDown(kind: DbKind, fn: (m: MailDown) => Promise<void>): Promise<void> {
  const d = await deploy(kind);
  const smtp = new TestSmtpServer();
  // Until after the kill the port is held by a listener that drops every connection: every attempt
  // fails, and no other test's server can be given the port meanwhile (a port only probed free can be).
  const down = await mailServerDown();
  smtp.port = down.port;
  d.env.SMTP_URL = smtp.url;
  const db = connect(d.database);
  let server = await startServer(d);
  const restart = async () => {
    server.kill();
    await server.exited;
    await down.release();
    await smtp.start();
    // The next process starts with its clock past what the dead one left: its mail lease, and its
    // last claim or retry time. They run out because the test says so, not after the machine's 30 s.
    const leftUntil = Math.max(
      ...(await db('leases').where({ name: MAIL_LEASE }).pluck('expires_at')).map(ms),
      ...(await db('mail_outbox').where({ status: 'pending' }).pluck('next_attempt_at')).map(ms),
    );
    server = await startServer(d, { clockAheadMs: Math.max(0, leftUntil - Date.now()) + 1_000 });
  };
  try {
    await fn({ d, smtp, db, restart });
  } finally {
    await server.stop();
    await db.destroy();
    await down.release();
    await smtp.stop();
    await d.cleanup();
  }
}

/*
 * The real server (tsx server/main.ts) queues a password reset mail while its mail server is down,
 * is killed with SIGKILL before it could send it, and is started again: the mail is delivered
 * once, and its link works.
 */
describe.each(DB_KINDS)('mail across a SIGKILL [%s]', (kind) => {
  it('delivers a message queued before the kill exactly once after the restart', async () => {
    await withMailDown(kind, async ({ d, smtp, db, restart }) => {
      const admin = await logIn(new Agent(d.url), ADMIN.email, ADMIN.password);
      const email = 'crash-reset@example.com';
      expect((await admin.post('/api/admin/users', { email, password: 'Before-lantern-quay-31', firstName: 'Kim', lastName: 'Crash' })).status).toBe(201);
      expect((await new Agent(d.url).post('/api/auth/password-reset', { email })).status).toBe(202);

      // Queued, tried and put back for a retry (not in the middle of an attempt): then killed.
      const outbox = () => db('mail_outbox').where({ to_address: email }).first();
      await until(async () => Boolean((await outbox())?.last_error), 30_000, 'a failed first attempt');
      expect((await outbox()).status).toBe('pending');
      await restart();
      const [mail] = await smtp.waitFor(email, 1, 60_000);
      await until(async () => (await outbox()).status === 'sent', 30_000, 'the row marked sent');
      expect(await db('mail_outbox').where({ to_address: email })).toHaveLength(1);
      expect(smtp.to(email)).toHaveLength(1);

      const browser = new Agent(d.url);
      expect((await browser.post('/api/auth/password-reset/confirm', { token: resetTokenIn(mail), password: 'After-orchard-mule-58' })).status).toBe(200);
      await logIn(new Agent(d.url), email, 'After-orchard-mule-58');
      expect(smtp.to(email)).toHaveLength(1);
    });
  }, 180_000);

  it("a reply's and a mention's notification mail: each queued once, delivered once after SMTP was down and the process SIGKILLed", async () => {
    await withMailDown(kind, async ({ d, smtp, db, restart }) => {
      const admin = await logIn(new Agent(d.url), ADMIN.email, ADMIN.password);
      // Alice started the discussion, Bob replies in it and mentions Carol; both want mail at once.
      const member = async (firstName: string) => {
        const email = `crash-${firstName.toLowerCase()}@example.com`;
        const created = await admin.post('/api/admin/users', { email, password: 'Member-thistle-barge-64', firstName, lastName: 'Crash' });
        expect(created.status).toBe(201);
        // Confirmed addresses (docs/security.md §13), as if each had used a link: the mail server is down here.
        await db('users').where({ id: created.body.id }).update({ email_confirmed_at: new Date().toISOString() });
        const agent = await logIn(new Agent(d.url), email, 'Member-thistle-barge-64');
        expect((await agent.put('/api/notifications/settings', { discussion_reply: 'email', mention: 'email' })).status).toBe(200);
        return { email, agent, id: created.body.id as string, name: `${firstName} Crash` };
      };
      const [alice, bob, carol] = [await member('Alice'), await member('Bob'), await member('Carol')];
      const category = await forumCategory(db);
      const discussion = await postDiscussion(alice.agent, category.id, 'Closing the books');
      await postReply(bob.agent, discussion.id, `Agreed. ${mentionMarkup(carol.name, carol.id)} knows the close calendar.`);

      // Both mails queued in the reply's transaction, tried and put back for a retry: then killed.
      const outbox = () => db('mail_outbox').whereIn('to_address', [alice.email, carol.email]);
      await until(async () => (await outbox()).filter((row) => row.last_error).length === 2, 30_000, 'a failed first attempt of both');
      expect((await outbox()).map((row) => row.status)).toEqual(['pending', 'pending']);
      await restart();
      const [toAlice] = await smtp.waitFor(alice.email, 1, 60_000);
      const [toCarol] = await smtp.waitFor(carol.email, 1, 60_000);
      await until(async () => (await outbox()).every((row) => row.status === 'sent'), 30_000, 'both rows marked sent');
      expect(toAlice.parsed.subject).toBe('Bob Crash replied to your discussion “Closing the books”');
      expect(toCarol.parsed.subject).toBe('Bob Crash mentioned you in a reply in “Closing the books”');
      expect(await outbox()).toHaveLength(2);
      expect(smtp.to(alice.email)).toHaveLength(1);
      expect(smtp.to(carol.email)).toHaveLength(1);
      expect(smtp.to(bob.email)).toHaveLength(0);
      // Exactly one notification each, in the list.
      for (const who of [alice, carol]) {
        const unread = await who.agent.get('/api/notifications/unread-count');
        expect(unread.body).toEqual({ count: 1 });
      }
      expect((await bob.agent.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });
    });
  }, 180_000);
});
