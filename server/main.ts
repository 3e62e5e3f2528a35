import http from 'node:http';
import path from 'node:path';
import { ConfigError, loadConfig, productionWarnings } from './config';
import { connect, migrateLatest } from './db/connect';
import { DatabaseGate } from './db/availability';
import { createApp } from './app';
import { purgeExpiredSessions } from './middleware/session';
import { sweepIdempotencyKeys } from './middleware/idempotency';
import { ensureAdmin, seedIfEmpty } from './bootstrap';
import { createStorage } from './storage/index';
import { sweepEndedWindows } from './db/counters';
import { sweepUploads } from './api/uploads/sweep';

/** Expired sessions, ended limit windows and upload leftovers are removed this often (all by age). */
const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = config.logLevel === 'info' ? console.info : () => {};
  if (config.logLevel !== 'silent') for (const warning of productionWarnings(config)) console.warn(`Warning: ${warning}`);
  const db = connect(config.database);
  const storageDir = path.join(config.dataDir, 'uploads');
  const storage = createStorage(storageDir);
  // Every step deletes by age only, so it is safe while other processes share the database and disk.
  const maintain = async () => {
    await purgeExpiredSessions(db);
    await sweepEndedWindows(db);
    await sweepUploads(db, storage);
  };
  // Run when the database is first reached: now, or on the first request after it comes up.
  const database = new DatabaseGate(
    db,
    async () => {
      await migrateLatest(db);
      await ensureAdmin(db, config.admin);
      if (config.seedSample && (await seedIfEmpty(db))) log('Seeded sample data into the empty database.');
      await maintain();
      // Nothing is running yet: unfinished idempotency rows were cut off by a crash (docs/outbox.md).
      await sweepIdempotencyKeys(db, { startup: true });
    },
    config.logLevel === 'silent' ? () => {} : console.error,
  );
  await database.ensureReady();
  const purge = setInterval(() => {
    if (database.isReady) void maintain().catch(() => {});
  }, MAINTENANCE_INTERVAL_MS);
  purge.unref();

  const app = createApp({
    db,
    config,
    storageDir,
    database,
    pwaDir: config.pwaDir,
    logger: config.logLevel === 'silent' ? { error: () => {}, info: () => {} } : console,
  });
  const server = http.createServer(app.callback());
  // Idle keep-alive connections live longer than clients and proxies keep theirs (haproxy's and load
  // balancers' 60 s): a server that closes first races a request sent on the closing socket, which
  // the client sees as ECONNRESET. headersTimeout must exceed it (Node's rule). Shutdown closes idle
  // connections itself.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const where = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  log(`${config.siteName} is serving ${where} (${config.database.client === 'sqlite' ? `SQLite ${config.database.filename}` : 'PostgreSQL'})`);

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining requests…`);
    clearInterval(purge);
    server.close(async () => {
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
