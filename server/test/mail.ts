import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startTestServer, type DbKind, type TestServer, type TestServerOptions } from './harness';
import { afterAll, beforeAll } from 'vitest';
import { until } from './wait';

/*
 * For the mail tests: the public address a test server with mail is started on (startTestServer's
 * `publicUrl`, which the mails' links use), and a real SMTP server (smtp-server, in-process) that
 * keeps what it accepted, parsed.
 */

export const MAIL_TEST_PUBLIC_URL = 'https://commons.example';

/**
 * For the describe block it is called in: a real SMTP server, and a test server of `kind` whose mail
 * goes through it, started before its tests (the server handed to `started`) and stopped after.
 */
export function mailingServer(kind: DbKind, started: (t: TestServer) => unknown, options: TestServerOptions = {}): TestSmtpServer {
  const smtp = new TestSmtpServer();
  let t: TestServer | undefined;
  beforeAll(async () => {
    await smtp.start();
    t = await startTestServer(kind, { publicUrl: MAIL_TEST_PUBLIC_URL, ...options, mail: smtp.mail });
    started(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });
  return smtp;
}

export const SMTP_USER = { user: 'mailer', pass: 'mail-secret' };

export interface ReceivedMail {
  /** The SMTP envelope: MAIL FROM and every RCPT TO, which is who really gets the message. */
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** While set, every message is refused with this reply code (451: try again later; 550: never). */
  refuseWith: number | undefined;
  /** How many messages were refused. */
  refused = 0;
  port = 0;
  private server: SMTPServer | undefined;

  /** The test server's mail settings for this server: SMTP with the site's sender, links on MAIL_TEST_PUBLIC_URL. */
  get mail() {
    return { mode: 'smtp' as const, smtpUrl: this.url, from: '"Ledger Commons" <no-reply@commons.example>' };
  }

  /** Listens on `port` (0: any free one; the same port again after `stop()`). */
  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      // Plain SMTP on loopback: no self-signed certificate for nodemailer to refuse.
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === SMTP_USER.user && auth.password === SMTP_USER.pass) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.refuseWith) {
            this.refused++;
            callback(Object.assign(new Error(this.refuseWith >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: this.refuseWith }));
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
              this.received.push({ envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) }, raw, parsed });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    server.on('error', () => {});
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  /** Stops listening (connections are then refused, as with a mail server that is down). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://${SMTP_USER.user}:${SMTP_USER.pass}@127.0.0.1:${this.port}`;
  }

  /** The messages delivered to `address` so far. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.envelope.to.includes(address.toLowerCase()));
  }

  /** Waits (polling, no fixed sleep) until `address` has received `count` messages; returns them. */
  async waitFor(address: string, count = 1, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    await until(() => this.to(address).length >= count, timeoutMs, `${count} message(s) to ${address}`);
    return this.to(address);
  }
}

/** The reset link's token in a mail's text body. */
export function resetTokenIn(mail: ReceivedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no reset link in:\n${mail.parsed.text}`);
  return match[1];
}

/** The invite link's token in a mail's text body. */
export function inviteTokenIn(mail: ReceivedMail): string {
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no invite link in:\n${mail.parsed.text}`);
  return match[1];
}

/** A header of a received message, folded lines joined (List-Unsubscribe is long). */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
