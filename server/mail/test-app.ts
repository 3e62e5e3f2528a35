import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import type { MailConfig } from '../config';
import { Agent, createTestDatabase, TEST_SESSION_SECRET, type DbKind, type TestDatabase } from '../test/harness';
import { DEFAULT_PASSWORD_RESET_RATE_LIMITS, type EmailConfirmationRateLimitConfig, type PasswordResetRateLimitConfig } from '../middleware/rate-limit';
import { AfterAnswer } from '../middleware/after-answer';
import { MailSender, type MailSenderOptions } from './sender';
import { createMailTransport } from './transport';

/*
 * The app as main.ts wires it for mail: createApp with a mail config, and a MailSender (fast polls
 * and retries) whose kick the app calls after a commit. Like server/test/harness.ts's
 * startTestServer, over real HTTP on a fresh database of the given kind.
 */

export const MAIL_TEST_PUBLIC_URL = 'https://commons.example';

export interface MailTestServer extends TestDatabase {
  url: string;
  agent(): Agent;
  sender: MailSender | undefined;
  /** Where `.eml` files go in `files` mode. */
  dataDir: string;
  /** What the sender logged (`files` mode logs each message and its links). */
  logged: string[];
  /** Work the app does after answering (password reset links): `settled()` awaits it. */
  afterAnswer: AfterAnswer;
  close(): Promise<void>;
}

export const FAST_SENDER: Omit<MailSenderOptions, 'holder'> = { pollMs: 50, leaseTtlMs: 5_000, retryBaseMs: 100, retryCapMs: 400, claimMs: 10_000 };

export async function startMailTestServer(
  kind: DbKind,
  opts: {
    mail: MailConfig;
    env?: 'test' | 'production';
    clock?: () => number;
    passwordResetLimits?: PasswordResetRateLimitConfig;
    emailConfirmationLimits?: EmailConfirmationRateLimitConfig;
    sender?: Partial<MailSenderOptions>;
    trustProxy?: string[];
    afterAnswer?: AfterAnswer;
  },
): Promise<MailTestServer> {
  const database = await createTestDatabase(kind);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-mail-'));
  const logged: string[] = [];
  const clock = opts.clock ?? Date.now;
  const transport = createMailTransport(opts.mail, { dataDir, log: (line) => logged.push(line) });
  const sender =
    transport &&
    new MailSender(database.db, transport, {
      holder: `test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      ...FAST_SENDER,
      clock,
      log: { info: (l) => logged.push(l), error: (l) => logged.push(l) },
      ...opts.sender,
    });
  const afterAnswer = opts.afterAnswer ?? new AfterAnswer({ onError: (err) => console.error(err) });
  const koa = createApp({
    db: database.db,
    storageDir: path.join(dataDir, 'uploads'),
    config: {
      sessionSecret: TEST_SESSION_SECRET,
      siteName: 'Ledger Commons',
      env: opts.env ?? 'test',
      publicUrl: MAIL_TEST_PUBLIC_URL,
      trustProxy: opts.trustProxy,
      mail: opts.mail,
      passwordResetLimits: opts.passwordResetLimits ?? DEFAULT_PASSWORD_RESET_RATE_LIMITS,
    },
    clock,
    logger: { error: (...args: unknown[]) => console.error(...args), info: () => {} },
    responseCache: { maxEntries: 0 },
    mailKick: () => sender?.kick(),
    emailConfirmationLimits: opts.emailConfirmationLimits,
    afterAnswer,
  });
  sender?.start();
  const server = http.createServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...database,
    url,
    dataDir,
    logged,
    sender,
    afterAnswer,
    agent: () => new Agent(url),
    async close() {
      await afterAnswer.settled();
      await sender?.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
