import path from 'node:path';
import Koa from 'koa';
import { canonicalPath, caseSensitiveRouter } from './middleware/canonical-path';
import { bodyParser } from '@koa/bodyparser';
import compress from 'koa-compress';
import type { Knex } from 'knex';
import { contactEmailOf, type Config } from './config';
import { LIMITS } from '../contracts/common';
import { errorHandler, type Logger } from './middleware/errors';
import { hasLiveSession, requireHttpsToSignIn, SessionCache, sessionMiddleware } from './middleware/session';
import { loadUser } from './middleware/auth';
import { requireJsonBody } from './middleware/content-type';
import { idempotency } from './middleware/idempotency';
import { requireKnownHost, requireSameOrigin, securityHeaders } from './middleware/security';
import { forwardedHeaders, InternalCalls, TrustedProxies } from './middleware/proxy';
import {
  AuthRateLimits,
  EmailConfirmationLimits,
  PasswordResetLimits,
  TwoFactorLimits,
  type AuthRateLimiter,
  type EmailConfirmationRateLimitConfig,
} from './middleware/rate-limit';
import { requireTwoFactorForStaff } from './api/two-factor/routes';
import { findUserById } from './api/users/repo';
import type { SiteSettings } from '../contracts/site';
import { apiRouters } from './api/routes';
import { Notifier } from './api/notifications/notify';
import { responseCache, type ResponseCacheOptions } from './middleware/response-cache';
import { PWA_DIR, pwaMiddleware } from './static';
import { shareablePages } from './pages/shell';
import { isRenderedPage, serverRenderedPages } from './pages/render';
import { missingItemPage } from './pages/missing';
import { noindexPages } from './pages/noindex';
import { createStorage } from './storage/index';
import { DatabaseGate, forDatabasePaths } from './db/availability';
import { WriteLimiter, DEFAULT_WRITE_LIMITS } from './middleware/write-limits';
import type { CacheCoherence } from './db/coherence';
import { DEFAULT_UPLOAD_QUOTA } from './api/uploads/quota';
import { StorageHealth } from './storage/health';
import { storageFull, storageUnavailable, STORAGE_FULL_RETRY_SECONDS } from './errors';
import { AfterAnswer } from './middleware/after-answer';
import { createBackup } from './backup';
import { DEFAULT_MODERATION } from './api/reports/routes';
import { subscribeAll } from './api/subscribers';
import { eventRegistry } from './events/index';

export interface AppDeps {
  db: Knex;
  config: Pick<Config, 'sessionSecret' | 'siteName' | 'env'> &
    Partial<
      Pick<
        Config,
        'trustProxy' | 'allowedHosts' | 'host' | 'dataDir' | 'rateLimits' | 'publicUrl' | 'podcastOwnerEmail' | 'contactEmail' | 'serverRendering' | 'writeLimits' | 'uploadQuota' | 's3' | 'mail' | 'passwordResetLimits' | 'requireTwoFactorForStaff' | 'database' | 'allowSampleRebuild' | 'moderation'
      >
    >;
  logger?: Logger;
  /** Where the built PWA lives (tests may point elsewhere). */
  pwaDir?: string;
  /** Where uploaded files are kept (default `<DATA_DIR>/uploads`; tests use a temp dir). */
  storageDir?: string;
  /** Login and registration limits (default: from `config.rateLimits`, in the database, on `clock`). */
  rateLimits?: AuthRateLimiter;
  /** The anonymous response cache (tests that write rows directly turn it off with `maxEntries: 0`). */
  responseCache?: ResponseCacheOptions;
  /** Other processes' writes empty this one's caches (server/db/coherence.ts; main.ts makes one). */
  coherence?: CacheCoherence;
  /** Epoch milliseconds now, for the per-member write limits and play de-duplication (tests move it). */
  clock?: () => number;
  /** Remembers disk-full errors for `/api/health` (default: a fresh one; tests share theirs). */
  storageHealth?: StorageHealth;
  /** Prepares the database on first contact and answers 503 until then (default: assumes it is ready, as tests migrate first). */
  database?: DatabaseGate;
  /** Called after a transaction that queued mail commits (main.ts: the mail sender's kick; default: none, the sender polls). */
  mailKick?: () => void;
  /** Resends of the confirmation mail per account and per IP (default: DEFAULT_EMAIL_CONFIRMATION_RATE_LIMITS). */
  emailConfirmationLimits?: EmailConfirmationRateLimitConfig;
  /** Runs work after a request's answer (default: with errors to `logger`; tests await `settled()`). */
  afterAnswer?: AfterAnswer;
}

/** Builds the Koa app without listening, so tests drive it over real HTTP on an ephemeral port. */
export function createApp({
  db,
  config,
  logger = console,
  pwaDir,
  storageDir,
  rateLimits,
  responseCache: cacheOptions,
  coherence,
  database,
  clock = Date.now,
  storageHealth = new StorageHealth(),
  mailKick = () => {},
  emailConfirmationLimits: emailConfirmationLimitConfig,
  afterAnswer,
}: AppDeps): Koa {
  const gate = database ?? new DatabaseGate(db, async () => {});
  const production = config.env === 'production';
  // Koa reads X-Forwarded-*, but only those that forwardedHeaders leaves in place: the ones sent by
  // a proxy in TRUST_PROXY (or by the server's own render calls). It also sets ctx.ip.
  const app = new Koa({ proxy: true });
  app.keys = [config.sessionSecret];
  // Errors are answered by errorHandler; Koa's default handler would print them again.
  app.silent = true;
  const internal = new InternalCalls();

  app.use(forwardedHeaders(new TrustedProxies(config.trustProxy ?? []), internal));
  app.use(errorHandler(logger, { databaseReachable: () => gate.reachable(), storage: storageHealth }));
  // Before everything that reads the path (host and origin checks, the database gate, the session,
  // guards, caches, routers): each sees the one spelling, or the request is refused here.
  app.use(canonicalPath({ isServerPage: isRenderedPage }));
  app.use(securityHeaders({ production }));
  app.use(requireKnownHost({ allowedHosts: config.allowedHosts, publicUrl: config.publicUrl, listenHost: config.host }));
  app.use(requireSameOrigin());
  app.use(requireHttpsToSignIn({ secure: production }));
  app.use(compress({ threshold: 1024 }));
  // Only the API and uploaded objects touch the database (sessions included): the page shell is
  // served while it is down, so the app can say so.
  app.use(forDatabasePaths(gate.middleware()));
  // Sessions read in the last seconds, emptied with the response cache (below) and by other
  // processes' writes; kept only when the response cache keeps anything (suites that write rows
  // straight into the database turn both off).
  const sessions = cacheOptions?.maxEntries === 0 ? undefined : new SessionCache({ coherence, now: clock });
  app.use(forDatabasePaths(sessionMiddleware(app, db, { secure: production, cache: sessions, clock })));
  app.use(forDatabasePaths(loadUser((id) => findUserById(db, id))));
  app.use(requireTwoFactorForStaff(config.requireTwoFactorForStaff ?? false));
  // Pages rendered on the server for visitors are kept as the API's answers are, and forgotten with them.
  const pages = serverRenderedPages(pwaDir ?? PWA_DIR, {
    maxEntries: cacheOptions?.maxEntries,
    site: { publicUrl: config.publicUrl },
    signedIn: (ctx) => hasLiveSession(db, ctx),
    internal,
  });
  const onWrite = () => {
    pages.invalidate();
    sessions?.clear();
  };
  app.use(responseCache({ ...cacheOptions, onWrite, coherence }));
  if (config.serverRendering) void pages.warm();
  app.use(requireJsonBody());
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: LIMITS.jsonBodyBytes,
      encoding: 'utf-8',
      // Only objects and arrays are JSON bodies here; a bare `"x"` or `1` is malformed.
      jsonStrict: true,
    }),
  );
  app.use(idempotency(db));

  const defaultUploadsDir = path.join(config.dataDir ?? path.resolve('data'), 'uploads');
  const storage = createStorage(storageDir ?? defaultUploadsDir, config.s3);
  const api = caseSensitiveRouter('/api');
  api.get('/health', async (ctx) => {
    await db.raw('select 1');
    ctx.set('Cache-Control', 'no-store');
    if (storageHealth.full) {
      // Writes are failing for lack of space (docs/security.md §12): say so to the monitor.
      const { message, code } = storageFull();
      ctx.status = 503;
      ctx.set('Retry-After', String(STORAGE_FULL_RETRY_SECONDS));
      ctx.body = { ok: false, storage: 'full', message, code };
      return;
    }
    if (!(await storageHealth.reachable(storage.check?.bind(storage), (line) => logger.error(line)))) {
      // The bucket does not answer: uploads and /objects fail, the rest of the site works.
      const { message, code, headers } = storageUnavailable();
      ctx.status = 503;
      ctx.set(headers!);
      ctx.body = { ok: false, storage: 'unavailable', message, code };
      return;
    }
    ctx.body = { ok: true };
  });
  // Without a mail config (tests), mail is on except in production, as loadConfig decides.
  const mailEnabled = config.mail ? config.mail.mode !== 'off' : !production;
  api.get('/site', (ctx) => {
    const body: SiteSettings = { siteName: config.siteName, contactEmail: contactEmailOf(config), mailEnabled };
    ctx.body = body;
  });

  const limits = rateLimits ?? new AuthRateLimits(db, config.rateLimits, clock);
  const site = { siteName: config.siteName, publicUrl: config.publicUrl, podcastOwnerEmail: config.podcastOwnerEmail };
  const writeLimits = new WriteLimiter(db, config.writeLimits ?? DEFAULT_WRITE_LIMITS, clock);
  const uploadQuota = config.uploadQuota ?? DEFAULT_UPLOAD_QUOTA;
  const passwordResetLimits = new PasswordResetLimits(db, config.passwordResetLimits, clock);
  const mail = { enabled: mailEnabled, kick: mailKick, onError: (err: unknown) => logger.error(err) };
  const notifier = new Notifier({ siteName: config.siteName, secret: config.sessionSecret, contactEmail: contactEmailOf(config), mail });
  // Before the first request: a write records its events into the assembled list.
  subscribeAll(eventRegistry, { notifier });
  const twoFactorLimits = new TwoFactorLimits(db, undefined, clock);
  const emailConfirmationLimits = new EmailConfirmationLimits(db, emailConfirmationLimitConfig, clock);
  const routers = apiRouters({
    db,
    storage,
    rateLimits: limits,
    writeLimits,
    uploadQuota,
    clock,
    site,
    passwordResetLimits,
    mail,
    secret: config.sessionSecret,
    emailConfirmationLimits,
    afterAnswer: afterAnswer ?? new AfterAnswer({ onError: mail.onError }),
    twoFactorLimits,
    moderation: config.moderation ?? DEFAULT_MODERATION,
    sampleRebuild: {
      siteName: config.siteName,
      allowed: !production || config.allowSampleRebuild === true,
      // The same snapshot as `npm run backup` (scripts/backup.ts): $DATA_DIR/backups/<time>/.
      backup: config.database
        ? () => createBackup({ database: config.database!, uploadsDir: storageDir ?? defaultUploadsDir }, path.join(config.dataDir ?? path.resolve('data'), 'backups'))
        : undefined,
      onError: (err) => logger.error(err),
      clock,
    },
  });
  for (const router of [api, ...routers]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }

  app.use(noindexPages());
  app.use(
    pwaMiddleware(pwaDir, [shareablePages(db, site, gate), ...(config.serverRendering ? [pages.renderer] : [])], {
      missing: missingItemPage(internal),
    }),
  );
  return app;
}
