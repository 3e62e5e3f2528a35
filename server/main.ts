import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, contactEmailOf, loadConfig, productionWarnings, type Config } from './config';
import { connect, migrateLatest } from './db/connect';
import { underStartupLock } from './db/startup-lock';
import { cacheCoherence } from './db/coherence';
import { byEngine } from './db/dialect';
import { DatabaseGate } from './db/availability';
import { createApp } from './app';
import { Notifier } from './api/notifications/notify';
import { purgeExpiredSessions } from './middleware/session';
import { sweepIdempotencyKeys } from './middleware/idempotency';
import { ensureAdmin, seedIfEmpty } from './bootstrap';
import { createStorage } from './storage/index';
import { sweepEndedWindows } from './db/counters';
import { sweepUploads } from './api/uploads/sweep';
import { acquireLease, leasedJob } from './db/leases';
import { sweepMailOutbox } from './mail/outbox';
import { MailSender } from './mail/sender';
import { createMailTransport } from './mail/transport';
import { sweepPasswordResets } from './api/password-resets/repo';
import { sweepEmailConfirmations } from './api/email-confirmations/repo';
import { sweepAuditLog } from './api/audit/repo';
import { publishDue, withJobWrites } from './api/content/scheduled';
import { startWatchMail } from './api/watches/mail-job';
import { subscribeAll } from './api/subscribers';
import { eventRegistry, startEventProcessing } from './events/index';
import { prepareTopSets } from './api/admin-dashboard/repo';

/** Expired sessions, ended limit windows and upload leftovers are removed this often (all by age). */
const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;
/** The periodic jobs' lease: its holder renews it every interval; if it dies, another takes over once it runs out. */
const MAINTENANCE_LEASE = { name: 'maintenance', ttlMs: MAINTENANCE_INTERVAL_MS + 60_000 };
/** The publishing job's lease: held while renewed each poll; a dead holder's runs out within a few polls. */
const PUBLISHER_LEASE = 'publisher';
const publisherLeaseTtl = (pollMs: number) => pollMs * 4 + 5_000;
/** How often the events lease's holder looks for events a processor waits for (a local commit also kicks it at once). */
const EVENTS_POLL_MS = 5_000;
/** A worker that dies is started again, but not more often than this (a crash loop would spin). */
const RESTART_DELAY_MS = 1_000;

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * WORKERS=n: this process forks n workers that share the port (node:cluster hands out
 * connections in turn), starts again any that dies, and on SIGTERM/SIGINT passes the signal on and
 * exits once all have drained. Each worker is a whole server (main below); what they share lives in
 * the database (sessions, limits, idempotency keys, leases) and their caches follow each other's
 * writes (db/coherence.ts).
 */
function supervise(config: Config): void {
  const log = config.logLevel === 'info' ? console.info : () => {};
  let stopping = false;
  const start = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    setTimeout(start, RESTART_DELAY_MS);
  });
  // Said when a worker takes connections (after its start-up: migrations, seeding, the first sweep).
  cluster.on('listening', (worker) => log(`Worker ${worker.process.pid} is serving.`));
  for (let i = 0; i < config.workers; i++) start();
  log(`${config.siteName}: ${config.workers} workers on port ${config.port}.`);
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

async function main(config: Config): Promise<void> {
  const log = config.logLevel === 'info' ? console.info : () => {};
  // Said once: by the supervisor's first worker, or by the only process.
  if (config.logLevel !== 'silent' && (cluster.isPrimary || cluster.worker?.id === 1)) {
    for (const warning of productionWarnings(config)) console.warn(`Warning: ${warning}`);
  }
  const db = connect(config.database);
  const storageDir = path.join(config.dataDir, 'uploads');
  const storage = createStorage(storageDir, config.s3);
  const holder = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // Queued mail goes out from one process at a time, the holder of the `mail` lease (docs/mail.md);
  // it starts once the database is ready, but the notifier that wakes it is needed by the startup's writes.
  const transport = createMailTransport(config.mail, { dataDir: config.dataDir, log });
  const mailer = transport && new MailSender(db, transport, { holder, ready: () => database.isReady, log: { info: log, error: console.error } });
  const digests = new Notifier({
    siteName: config.siteName,
    secret: config.sessionSecret,
    contactEmail: contactEmailOf(config),
    mail: { enabled: config.mail.mode !== 'off', kick: () => mailer?.kick() },
  });
  subscribeAll(eventRegistry, { notifier: digests });
  // Every step deletes by age only, so it is safe while other processes share the database and disk.
  const maintain = async () => {
    await purgeExpiredSessions(db);
    await sweepEndedWindows(db);
    await sweepUploads(db, storage);
    await sweepIdempotencyKeys(db);
    await sweepMailOutbox(db);
    await sweepPasswordResets(db);
    await sweepEmailConfirmations(db);
    await sweepAuditLog(db, Date.now(), config.auditRetentionDays);
  };
  // Run when the database is first reached: now, or on the first request after it comes up.
  const database = new DatabaseGate(
    db,
    async () => {
      // One process at a time: others started together wait, then find it done.
      await underStartupLock(db, async () => {
        await migrateLatest(db);
        await ensureAdmin(db, config.admin);
        if (config.seedSample && (await seedIfEmpty(db, storage))) log('Seeded sample data into the empty database.');
      });
      // Once at start in every process, whatever the lease says: a restart after a crash clears what
      // the crash left (temp uploads, unfinished idempotency rows) at once. By age only, so it is safe
      // beside other processes; afterwards the lease's holder runs it.
      await maintain();
    },
    config.logLevel === 'silent' ? () => {} : console.error,
  );
  await database.ensureReady();
  // The periodic jobs run in one process at a time, whichever holds the lease (any machine).
  const maintenance = leasedJob(db, {
    name: MAINTENANCE_LEASE.name,
    holder,
    ttlMs: MAINTENANCE_LEASE.ttlMs,
    everyMs: MAINTENANCE_INTERVAL_MS,
    ready: () => database.isReady,
    run: async () => {
      await maintain();
      // The notification digest: only the lease's holder (each member's digest is queued once).
      await digests.sendDigests(db, config.publicUrl ?? `http://localhost:${config.port}`);
    },
    onError: () => {},
  });
  // Claimed at start by whichever process gets there first; it runs the jobs from the next interval.
  void acquireLease(db, MAINTENANCE_LEASE.name, holder, MAINTENANCE_LEASE.ttlMs).catch(() => {});

  mailer?.start();
  log(`Mail: ${{ smtp: 'sent through SMTP_URL', files: `written to ${path.join(config.dataDir, 'mail')} (no SMTP_URL)`, off: 'off (no SMTP_URL)' }[config.mail.mode]}.`);

  // Several processes on one database (WORKERS, or several machines) keep their caches true to it.
  // The publishing job writes outside any request: it empties the caches as a request's write would.
  const { coherence, wrote } = withJobWrites(cacheCoherence(db, { log: config.logLevel === 'silent' ? undefined : console.warn }));
  const app = createApp({
    db,
    config,
    coherence,
    storageDir,
    database,
    pwaDir: config.pwaDir,
    logger: config.logLevel === 'silent' ? { error: () => {}, info: () => {} } : console,
    mailKick: () => mailer?.kick(),
  });
  // Scheduled publishing: one process at a time, the holder of the `publisher` lease (any machine).
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const publisher = leasedJob(db, {
    name: PUBLISHER_LEASE,
    holder,
    ttlMs: publisherLeaseTtl(config.schedulePollMs),
    everyMs: config.schedulePollMs,
    ready: () => database.isReady,
    run: async () => {
      if ((await publishDue(db, Date.now(), { origin })) > 0) await wrote();
      await prepareTopSets(db, Date.now());
    },
    onError: (err) => console.error('Scheduled publishing failed:', err),
  });
  const stopWatchMail = startWatchMail({ db, notifier: digests, holder, ready: () => database.isReady, intervalMs: config.watchMailIntervalMs, origin });
  // The after-commit processors: one process at a time, the holder of the `events` lease (docs/events.md).
  const eventProcessing = startEventProcessing(db, { holder, everyMs: EVENTS_POLL_MS, ready: () => database.isReady, onError: (err) => console.error('Event processing failed:', err) });

  const server = http.createServer(app.callback());
  // Idle keep-alive connections live longer than clients and proxies keep theirs (haproxy's and load
  // balancers' 60 s): a server that closes first races a request sent on the closing socket, which
  // the client sees as ECONNRESET. headersTimeout must exceed it (Node's rule). Shutdown closes idle
  // connections itself.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const where = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const engine = byEngine(config.database, { sqlite: ({ filename }) => `SQLite ${filename}`, pg: () => 'PostgreSQL' });
  log(`${config.siteName} is serving ${where} (${engine})`);

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining requests…`);
    // The periodic jobs stop now; each gives its lease up once its round under way is done.
    const jobsStopped = Promise.all([maintenance.stop(), publisher.stop(), stopWatchMail(), eventProcessing.stop()]);
    server.close(async () => {
      await jobsStopped;
      await mailer?.stop();
      await coherence.close();
      await db.destroy();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

const config = loadConfigOrExit();
if (cluster.isPrimary && config.workers > 1) {
  supervise(config);
} else {
  main(config).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
