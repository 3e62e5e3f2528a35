import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import type Koa from 'koa';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { connect, migrateLatest } from '../db/connect';
import { DatabaseGate } from '../db/availability';
import { createApp, type AppDeps } from '../app';
import type { DatabaseConfig, MailConfig } from '../config';
import type { WriteLimitConfig } from '../middleware/write-limits';
import {
  AuthRateLimits,
  DEFAULT_AUTH_RATE_LIMITS,
  type AuthRateLimitConfig,
  type EmailConfirmationRateLimitConfig,
  type PasswordResetRateLimitConfig,
} from '../middleware/rate-limit';
import { AfterAnswer } from '../middleware/after-answer';
import { MailSender, type MailSenderOptions } from '../mail/sender';
import { createMailTransport } from '../mail/transport';

export type DbKind = 'sqlite' | 'pg';

const NO_LIMIT = { perMinute: 1_000_000, perHour: 1_000_000 };
const UNLIMITED_WRITES: WriteLimitConfig = { comment: NO_LIMIT, discussion: NO_LIMIT, like: NO_LIMIT, upload: NO_LIMIT, staffFactor: 1 };

export const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret!';

/** SQLite always; PostgreSQL when TEST_DATABASE_URL names a server (global-setup enforces it under CI). */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'pg'] : ['sqlite'];

export interface TestDatabase {
  kind: DbKind;
  db: Knex;
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given kind; `drop()` removes every trace of it. */
export async function createTestDatabase(kind: DbKind, { migrate = true } = {}): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-test-'));
    const config: DatabaseConfig = { client: 'sqlite', filename: path.join(dir, 'test.sqlite3') };
    // A copy of the migrated template (server/test/global-setup.ts) is the same database, 300 ms sooner.
    if (migrate) copyFileSync(inject('sqliteTemplate'), config.filename);
    const db = connect(config);
    return {
      kind,
      db,
      config,
      drop: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `lc_test_${inject('pgRunTag')}_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  const template = migrate ? inject('pgTemplate') : null;
  await admin.raw(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { client: 'pg', connectionString: url.toString() };
  const db = connect(config);
  if (migrate && !template) await db.migrate.latest();
  return {
    kind,
    db,
    config,
    drop: async () => {
      await db.destroy();
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    },
  };
}

export interface Response<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A client that keeps cookies like a browser and sends a same-site Origin on writes. */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    opts: { body?: unknown; headers?: Record<string, string>; raw?: string | Buffer } = {},
  ): Promise<Response<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...opts.headers };
    let body: string | Buffer | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const res = await fetch(this.baseUrl + path, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  /** The Cookie header this agent sends (for a request made with fetch directly, e.g. a streamed body). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, { body });
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body });
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, { body });
  }
  delete<T = any>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, { body });
  }
}

/** A Koa app listening on an ephemeral loopback port. */
export interface Listening {
  url: string;
  /** Stops listening, dropping open connections. */
  close(): Promise<void>;
}

export async function listen(app: Koa): Promise<Listening> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface TestServer extends TestDatabase {
  url: string;
  /** The Koa app behind the server (the permission matrix reads its routers). */
  app: Koa;
  agent(): Agent;
  /** Runs fn and returns how many SQL queries it caused (the mail sender's background polls aside). */
  countQueries(fn: () => Promise<unknown>): Promise<number>;
  /** This server's data directory (a temp dir, removed by close()): uploads in `storageDir`, mail files in `mail/`. */
  dataDir: string;
  /** This server's own upload directory. */
  storageDir: string;
  /** The mail sender, when the server was started with a mail config that sends (smtp or files). */
  sender: MailSender | undefined;
  /** What the mail sender logged (`files` mode logs each message and its links). */
  logged: string[];
  /** Work the app does after answering (password reset links): close() awaits it. */
  afterAnswer: AfterAnswer;
  close(): Promise<void>;
}

/** Fast polls and retries for the mail sender of a test server. */
export const FAST_SENDER = { pollMs: 50, leaseTtlMs: 5_000, retryBaseMs: 100, retryCapMs: 400, claimMs: 10_000 } satisfies Omit<MailSenderOptions, 'holder'>;

/**
 * Login and registration limits on this server's database, starting from empty counters (the
 * counters are rows: docs/security.md §12). Suites that change limits or the clock per test install
 * them through a delegate passed as `rateLimits`.
 */
export async function freshAuthLimits(t: Pick<TestServer, 'db'>, config: AuthRateLimitConfig = DEFAULT_AUTH_RATE_LIMITS, now?: () => number): Promise<AuthRateLimits> {
  await t.db('rate_limit_windows').delete();
  return new AuthRateLimits(t.db, config, now);
}

/** What a test changes in createApp's dependencies (e.g. rate limits with a fake clock, env 'production'). */
export interface TestServerOptions {
  env?: AppDeps['config']['env'];
  trustProxy?: string[];
  allowedHosts?: string[];
  rateLimits?: AppDeps['rateLimits'];
  responseCache?: AppDeps['responseCache'];
  coherence?: AppDeps['coherence'];
  /** Uploads in this bucket (an s3rver the test started) instead of the temp directory. */
  s3?: AppDeps['config']['s3'];
  logger?: AppDeps['logger'];
  pwaDir?: string;
  publicUrl?: string;
  serverRendering?: boolean;
  writeLimits?: WriteLimitConfig;
  uploadQuota?: AppDeps['config']['uploadQuota'];
  clock?: AppDeps['clock'];
  storageHealth?: AppDeps['storageHealth'];
  /** ALLOW_SAMPLE_REBUILD (matters with env 'production'). */
  allowSampleRebuild?: boolean;
  /** REQUIRE_2FA_FOR_STAFF. */
  requireTwoFactorForStaff?: boolean;
  /** Serve this (another server's) database instead of a fresh one; close() then leaves it. */
  database?: TestDatabase;
  /** Mail as MAIL_* configures it; a sender (fast polls, `sender` overrides) delivers what the app queues. */
  mail?: MailConfig;
  sender?: Partial<MailSenderOptions>;
  passwordResetLimits?: PasswordResetRateLimitConfig;
  emailConfirmationLimits?: EmailConfirmationRateLimitConfig;
  afterAnswer?: AfterAnswer;
  /** REPORTS_TO_HIDE / REPORTER_MIN_AGE_HOURS (default 3 and 24). */
  moderation?: AppDeps['config']['moderation'];
}

export async function startTestServer(kind: DbKind, app: TestServerOptions = {}): Promise<TestServer> {
  const shared = app.database;
  const database = shared ? { ...shared, drop: async () => {} } : await createTestDatabase(kind);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-test-'));
  const storageDir = path.join(dataDir, 'uploads');
  mkdirSync(storageDir);
  const logger = app.logger ?? { error: (...args: unknown[]) => console.error(...args), info: () => {} };
  const logged: string[] = [];
  const transport = app.mail && createMailTransport(app.mail, { dataDir, log: (line) => logged.push(line) });
  const sender =
    transport &&
    new MailSender(database.db, transport, {
      holder: `test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
      ...FAST_SENDER,
      clock: app.clock ?? Date.now,
      log: { info: (l) => logged.push(l), error: (l) => logged.push(l) },
      ...app.sender,
    });
  // What createApp would make, kept here so that close() can wait for it.
  const afterAnswer = app.afterAnswer ?? new AfterAnswer({ onError: (err) => logger.error(err) });
  const koa = createApp({
    db: database.db,
    storageDir,
    pwaDir: app.pwaDir,
    config: {
      sessionSecret: TEST_SESSION_SECRET,
      siteName: 'Ledger Commons',
      env: app.env ?? 'test',
      trustProxy: app.trustProxy,
      allowedHosts: app.allowedHosts,
      publicUrl: app.publicUrl,
      serverRendering: app.serverRendering,
      // Suites post many comments and likes from one member in a moment: only the limits' own
      // tests (server/test/write-flood.test.ts) use real ones.
      writeLimits: app.writeLimits ?? UNLIMITED_WRITES,
      uploadQuota: app.uploadQuota,
      s3: app.s3,
      requireTwoFactorForStaff: app.requireTwoFactorForStaff,
      allowSampleRebuild: app.allowSampleRebuild,
      // The rebuild's backup snapshots this database into dataDir/backups.
      database: database.config,
      dataDir,
      mail: app.mail,
      passwordResetLimits: app.passwordResetLimits,
      moderation: app.moderation,
    },
    clock: app.clock,
    storageHealth: app.storageHealth,
    logger,
    rateLimits: app.rateLimits,
    // Suites insert rows straight into the database, which the anonymous cache cannot see:
    // only the cache's own tests turn it on. ETags and 304s stay on everywhere.
    responseCache: app.responseCache ?? { maxEntries: 0 },
    coherence: app.coherence,
    mailKick: () => sender?.kick(),
    emailConfirmationLimits: app.emailConfirmationLimits,
    afterAnswer,
  });
  sender?.start();
  const server = await listen(koa);
  return {
    app: koa,
    ...database,
    url: server.url,
    dataDir,
    storageDir,
    sender,
    logged,
    afterAnswer,
    agent: () => new Agent(server.url),
    async countQueries(fn) {
      let n = 0;
      // The mail sender polls its outbox on this pool in the background: only the request's queries count.
      const onQuery = (q: { sql: string }) => {
        if (!/mail_outbox|leases/.test(q.sql)) n++;
      };
      database.db.on('query', onQuery);
      try {
        await fn();
      } finally {
        database.db.off('query', onQuery);
      }
      return n;
    },
    async close() {
      await afterAnswer.settled();
      await sender?.stop();
      await server.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app on `db` as main.ts serves it: it prepares the database (migrations) through a
 * DatabaseGate on first contact and answers 503 until it can; `shell` is the page shell it serves.
 * close() also destroys `db`.
 */
export async function startGatedServer(
  db: Knex,
  { shell, logger = { error: () => {}, info: () => {} } }: { shell: string; logger?: AppDeps['logger'] },
): Promise<{ agent: Agent; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-gated-'));
  const pwaDir = path.join(dir, 'pwa');
  mkdirSync(pwaDir);
  writeFileSync(path.join(pwaDir, 'index.html'), shell);
  const app = createApp({
    db,
    storageDir: path.join(dir, 'uploads'),
    database: new DatabaseGate(db, migrateLatest),
    config: { sessionSecret: TEST_SESSION_SECRET, siteName: 'Ledger Commons', env: 'test' },
    logger,
    pwaDir,
  });
  const server = await listen(app);
  return {
    agent: new Agent(server.url),
    async close() {
      await server.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per database engine against a real HTTP server:
 * `describeEachDb('news', (t) => { it('…', async () => { const res = await t().agent().get(…) }) })`.
 */
export function describeEachDb(name: string, body: (server: () => TestServer) => void, options: TestServerOptions = {}): void {
  describe.each(DB_KINDS)(`${name} [%s]`, (kind) => {
    let server: TestServer | undefined;
    beforeAll(async () => {
      server = await startTestServer(kind, options);
    }, 60_000);
    afterAll(async () => {
      await server?.close();
    });
    body(() => {
      if (!server) throw new Error('test server not started');
      return server;
    });
  });
}
