import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DB_KINDS, FAST_SENDER, startTestServer, type TestDatabase } from '../test/harness';
import { enqueueMail, type OutgoingMail } from './outbox';
import { MailSender, MAIL_LEASE } from './sender';
import { escapeHtml, passwordResetMail } from './template';
import { createMailTransport } from './transport';
import { createUser } from '../test/factories';
import { MAIL_TEST_PUBLIC_URL, TestSmtpServer } from '../test/mail';
import { until } from '../test/wait';

/*
 * Mail delivery on both databases, against a real SMTP server started here: retries
 * while the server is down or refusing, exactly one delivery, giving up, one sender at a time,
 * messages left by a process that died, and the development mode's .eml files.
 */

const FROM = '"Ledger Commons" <no-reply@commons.example>';
const site = { siteName: 'Ledger Commons', origin: 'https://commons.example' };

let n = 0;
function message(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  n++;
  const content = passwordResetMail(site, { firstName: 'Sam' }, `https://commons.example/reset-password?token=t${n}`, 60);
  return { kind: 'test', to: { address: `rcpt-${n}-${Date.now()}@example.com`, name: 'Sam Example' }, ...content, ...overrides };
}

describe('mail templates', () => {
  it('escapes every interpolated text in the HTML and keeps subjects on one line', () => {
    const mail = passwordResetMail({ siteName: 'A & B\r\nBcc: x@example.com', origin: 'https://a.example' }, { firstName: '<script>alert(1)</script>' }, 'https://a.example/reset-password?token=a"b<c', 60);
    expect(mail.subject).toBe('Reset your A & B Bcc: x@example.com password');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).toContain('A &amp; B Bcc: x@example.com');
    expect(mail.html).toContain('href="https://a.example/reset-password?token=a&quot;b&lt;c"');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
    expect(mail.text).toContain('https://a.example/reset-password?token=a"b<c');
    expect(escapeHtml(`'"&<>`)).toBe('&#39;&quot;&amp;&lt;&gt;');
  });
});

/*
 * Time in these suites moves only when a test moves it: every sender reads `now`, so a retry, a claim
 * or a lease runs out because the test said so, never because the machine was slow to get there.
 * `tick()` resolves once what was due is sent or put back, so most steps need no waiting at all.
 */
describe.each(DB_KINDS)('mail delivery [%s]', (kind) => {
  const smtp = new TestSmtpServer();
  let d: TestDatabase;
  let now = 0;
  const senders: MailSender[] = [];
  const mailConfig = () => ({ mode: 'smtp' as const, smtpUrl: smtp.url, from: FROM });
  const newSender = (holder: string, opts: Partial<ConstructorParameters<typeof MailSender>[2]> = {}) => {
    const s = new MailSender(d.db, createMailTransport(mailConfig(), { dataDir: '/nonexistent' })!, { holder, ...FAST_SENDER, clock: () => now, ...opts });
    senders.push(s);
    return s;
  };
  const queue = (m: OutgoingMail) => enqueueMail(d.db, m, now);
  const row = (id: string) => d.db('mail_outbox').where({ id }).first();
  /** A timestamp column as epoch ms (PostgreSQL gives Dates, SQLite ISO text). */
  const ms = (value: string | Date) => new Date(value).getTime();
  const mailLease = () => d.db('leases').where({ name: MAIL_LEASE });

  beforeAll(async () => {
    await smtp.start();
    d = await createTestDatabase(kind);
  }, 60_000);
  beforeEach(() => {
    now = Date.now();
  });
  afterAll(async () => {
    for (const s of senders) await s.stop();
    await d?.drop();
    await smtp.stop();
  });

  it('delivers recipients, subject and both bodies, then marks the row sent', async () => {
    const m = message();
    const id = await queue(m);
    const sender = newSender('a');
    sender.start();
    const [got] = await smtp.waitFor(m.to.address);
    expect(got.envelope.to).toEqual([m.to.address]);
    expect(got.parsed.subject).toBe(m.subject);
    expect(got.parsed.text?.trim()).toBe(m.text.trim());
    expect(got.parsed.html).toBe(m.html);
    expect(got.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(got.parsed.messageId).toBe(`<${id}@commons.example>`);
    await until(async () => (await row(id)).status === 'sent');
    await sender.stop();
  });

  it('retries while the mail server refuses (4xx) or is down, then delivers exactly once', async () => {
    const { retryBaseMs } = FAST_SENDER;
    const sender = newSender('retry');
    smtp.refuseWith = 451;
    const refusedBefore = smtp.refused;
    const m = message();
    const id = await queue(m);
    await sender.tick();
    expect(smtp.refused).toBe(refusedBefore + 1);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/451/) });
    expect(ms((await row(id)).next_attempt_at)).toBe(now + retryBaseMs);
    // Not yet due: a poll before the retry's time tries nothing.
    now += retryBaseMs - 1;
    await sender.tick();
    expect((await row(id)).attempts).toBe(1);

    smtp.refuseWith = undefined;
    await smtp.stop();
    // Down: connections refused; the attempts go on, further apart each time.
    now += 1;
    await sender.tick();
    const during = await row(id);
    expect(during).toMatchObject({ status: 'pending', attempts: 2, last_error: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/) });
    expect(ms(during.next_attempt_at)).toBe(now + 2 * retryBaseMs);

    await smtp.start();
    now += 2 * retryBaseMs;
    await sender.tick();
    expect(smtp.to(m.to.address)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    // Polls after it was marked sent send nothing more, however late.
    now += 60 * 60_000;
    await sender.tick();
    await sender.tick();
    expect(smtp.to(m.to.address)).toHaveLength(1);
    await sender.stop();
  });

  it('gives up after the last attempt, or at once on a permanent refusal, keeping the error', async () => {
    const sender = newSender('give-up', { maxAttempts: 3 });
    smtp.refuseWith = 451;
    const tempId = await queue(message());
    for (let attempt = 1; attempt <= 3; attempt++) {
      await sender.tick();
      expect(await row(tempId)).toMatchObject({ attempts: attempt, status: attempt < 3 ? 'pending' : 'failed' });
      now += FAST_SENDER.retryCapMs;
    }
    const failed = await row(tempId);
    expect(failed.last_error).toMatch(/451/);
    expect([failed.html, failed.text]).toEqual([null, null]);
    smtp.refuseWith = 550;
    const permId = await queue(message());
    await sender.tick();
    expect(await row(permId)).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringMatching(/550/) });
    smtp.refuseWith = undefined;
    await sender.stop();
  });

  it('sends what a dead process queued or left claimed, once, after its claim runs out', async () => {
    const { claimMs, leaseTtlMs } = FAST_SENDER;
    // The process died holding the sender's lease: nobody sends until it runs out.
    await mailLease().delete();
    await d.db('leases').insert({ name: MAIL_LEASE, holder: 'dead', expires_at: new Date(now + leaseTtlMs).toISOString() });
    // Queued with no sender running (the process died after its commit): nothing is lost.
    const queued = message();
    const queuedId = await queue(queued);
    // Claimed by the process that then died mid-send: its claim holds the message for claimMs.
    const claimed = message();
    const claimedId = await queue(claimed);
    await d.db('mail_outbox').where({ id: claimedId }).update({ attempts: 1, next_attempt_at: new Date(now + claimMs).toISOString() });
    const claimedAt = now;
    const sender = newSender('after-crash');
    await sender.tick();
    expect(smtp.to(queued.to.address)).toEqual([]);
    now += leaseTtlMs;
    await sender.tick();
    expect((await mailLease().first()).holder).toBe('after-crash');
    expect(smtp.to(queued.to.address)).toHaveLength(1);
    expect(smtp.to(claimed.to.address)).toEqual([]);
    now = claimedAt + claimMs - 1;
    await sender.tick();
    expect(smtp.to(claimed.to.address)).toEqual([]);
    now += 1;
    await sender.tick();
    expect(smtp.to(claimed.to.address)).toHaveLength(1);
    expect((await row(claimedId)).status).toBe('sent');
    expect((await row(queuedId)).status).toBe('sent');
    now += claimMs;
    await sender.tick();
    expect(smtp.to(queued.to.address)).toHaveLength(1);
    expect(smtp.to(claimed.to.address)).toHaveLength(1);
    await sender.stop();
  });

  it('gives its lease up when stopped in the middle of a poll, so the next sender takes over at once', async () => {
    await mailLease().delete();
    const stopping = newSender('stopping');
    await stopping.tick();
    expect((await mailLease().first()).holder).toBe('stopping');
    // A poll under way (renewing the lease) while the process shuts down must not take the lease back.
    const polling = stopping.tick();
    await stopping.stop();
    await polling;
    expect(await mailLease()).toEqual([]);
    const m = message();
    await queue(m);
    const next = newSender('next');
    await next.tick();
    expect(smtp.to(m.to.address)).toHaveLength(1);
    await next.stop();
  });

  it('sends from one process at a time, and another takes over when the holder stops', async () => {
    await mailLease().delete();
    const a = newSender('holder-a');
    const b = newSender('holder-b');
    a.start();
    b.start();
    const batch = Array.from({ length: 12 }, () => message());
    await d.db.transaction(async (trx) => {
      for (const m of batch) await enqueueMail(trx, m, now);
    });
    a.kick();
    b.kick();
    for (const m of batch) await smtp.waitFor(m.to.address);
    const holders = await mailLease();
    expect(holders).toHaveLength(1);
    const holder = holders[0].holder;
    await (holder === 'holder-a' ? a : b).stop();
    const more = message();
    await queue(more);
    await smtp.waitFor(more.to.address);
    expect((await mailLease().first()).holder).toBe(holder === 'holder-a' ? 'holder-b' : 'holder-a');
    for (const m of [...batch, more]) expect(smtp.to(m.to.address)).toHaveLength(1);
    await a.stop();
    await b.stop();
  });

  it('keeps a subject with CR/LF from becoming a header', async () => {
    const sender = newSender('inject');
    const m = message({ subject: 'Hello\r\nBcc: victim@example.com', to: { address: `inj-${Date.now()}@example.com`, name: 'Eve\r\nCc: victim@example.com' } });
    await queue(m);
    await sender.tick();
    const [got] = smtp.to(m.to.address);
    expect(got.envelope.to).toEqual([m.to.address]);
    expect(got.parsed.subject).toBe('Hello Bcc: victim@example.com');
    expect(got.parsed.bcc).toBeUndefined();
    expect(got.parsed.cc).toBeUndefined();
    expect(smtp.to('victim@example.com')).toEqual([]);
    await sender.stop();
  });
});

describe.each(DB_KINDS)('mail in development without SMTP_URL [%s]', (kind) => {
  it('writes each message as an .eml file under DATA_DIR/mail and logs its link', async () => {
    const t = await startTestServer(kind, { publicUrl: MAIL_TEST_PUBLIC_URL, mail: { mode: 'files', from: FROM } });
    try {
      expect((await t.agent().get('/api/site')).body.mailEnabled).toBe(true);
      const user = await createUser(t.db);
      expect((await t.agent().post('/api/auth/password-reset', { email: user.email })).status).toBe(202);
      const dir = path.join(t.dataDir, 'mail');
      const emls = () => {
        try {
          return readdirSync(dir).filter((f) => f.endsWith('.eml'));
        } catch {
          return [];
        }
      };
      await until(() => emls().length === 1, 15_000, 'an .eml file');
      const parsed = await simpleParser(readFileSync(path.join(dir, emls()[0])));
      expect(parsed.subject).toBe('Reset your Ledger Commons password');
      expect(parsed.to && !Array.isArray(parsed.to) && parsed.to.value[0].address).toBe(user.email);
      const link = /https:\/\/commons\.example\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(parsed.text ?? '')?.[0];
      expect(link).toBeTruthy();
      expect(parsed.html).toContain(link);
      await until(() => t.logged.some((l) => l.includes(link!)), 5_000, 'the link in the log');
      // The link works like a mailed one.
      const token = new URL(link!).searchParams.get('token');
      expect((await t.agent().get(`/api/auth/password-reset/${token}`)).body).toEqual({ valid: true });
    } finally {
      await t.close();
    }
  });
});
