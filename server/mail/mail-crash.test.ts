import { describe, expect, it } from 'vitest';
import { connect } from '../db/connect';
import { Agent, DB_KINDS } from '../test/harness';
import { ADMIN, deploy, freePort, startServer } from '../test/child-server';
import { resetTokenIn, TestSmtpServer, until } from './test-smtp';

/*
 * The real server (tsx server/main.ts) queues a password reset mail while its mail server is down,
 * is killed with SIGKILL before it could send it, and is started again: the mail is delivered
 * once, and its link works.
 */
describe.each(DB_KINDS)('mail across a SIGKILL [%s]', (kind) => {
  it('delivers a message queued before the kill exactly once after the restart', async () => {
    const d = await deploy(kind);
    const smtp = new TestSmtpServer();
    // Nothing listens on this port until after the kill: every attempt before it fails.
    smtp.port = await freePort();
    d.env.SMTP_URL = smtp.url;
    const db = connect(d.database);
    let server = await startServer(d);
    try {
      const admin = new Agent(d.url);
      expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
      const email = 'crash-reset@example.com';
      expect((await admin.post('/api/admin/users', { email, password: 'before-pw', firstName: 'Kim', lastName: 'Crash' })).status).toBe(201);
      expect((await new Agent(d.url).post('/api/auth/password-reset', { email })).status).toBe(202);

      // Queued, tried and put back for a retry (not in the middle of an attempt): then killed.
      const outbox = () => db('mail_outbox').where({ to_address: email }).first();
      await until(async () => Boolean((await outbox())?.last_error), 30_000, 'a failed first attempt');
      expect((await outbox()).status).toBe('pending');
      server.kill();
      await server.exited;

      await smtp.start();
      server = await startServer(d);
      const [mail] = await smtp.waitFor(email, 1, 60_000);
      await until(async () => (await outbox()).status === 'sent', 30_000, 'the row marked sent');
      expect(await db('mail_outbox').where({ to_address: email })).toHaveLength(1);
      expect(smtp.to(email)).toHaveLength(1);

      const browser = new Agent(d.url);
      expect((await browser.post('/api/auth/password-reset/confirm', { token: resetTokenIn(mail), password: 'after-pw' })).status).toBe(200);
      expect((await new Agent(d.url).post('/api/auth/login', { email, password: 'after-pw' })).status).toBe(200);
      expect(smtp.to(email)).toHaveLength(1);
    } finally {
      await server.stop();
      await db.destroy();
      await smtp.stop();
      await d.cleanup();
    }
  }, 180_000);
});
