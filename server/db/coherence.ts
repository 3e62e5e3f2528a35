import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { byDialect } from './dialect';

/** The PostgreSQL channel every process listens on; the payload is the writing process's id. */
export const CACHE_CHANNEL = 'lc_cache';
/** Reconnecting the listener after the database went away: first after this, doubling up to the max. */
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * Keeps the caches each process holds (the API's response cache, the server-rendered pages) true to
 * the database when several processes share it (docs/deploy.md). The cache empties itself on
 * its own process's writes, as before; this tells it about everyone else's:
 *
 * - PostgreSQL: a write is announced with `NOTIFY lc_cache` once it is answered, and every process
 *   LISTENs on a connection of its own, emptying its caches when another process's notice arrives.
 *   While that connection is down (a database restart), nothing would arrive, so `usable()` says
 *   no and the caches are emptied on every request until it is back (reconnecting with backoff).
 * - SQLite: `PRAGMA data_version` changes when another connection (another process) commits; it is
 *   compared before anything is served from the cache, at most every SQLITE_CHECK_MS: the statement
 *   takes a shared lock on the file, which was a quarter of a cached answer's cost when run on every
 *   request (docs/performance.md), and another process's write still shows within that time.
 */
export interface CacheCoherence {
  /** Whether what was cached may still be served; false means empty the caches first. */
  usable(): Promise<boolean>;
  /** This process wrote (and emptied its own caches): tell the others. */
  announce(): Promise<void>;
  /** Called when another process wrote. */
  onOtherWrite(listener: () => void): void;
  close(): Promise<void>;
}

export function cacheCoherence(db: Knex, { log = (_: string) => {} }: { log?: (message: string) => void } = {}): CacheCoherence {
  return byDialect<CacheCoherence>(db, { pg: () => new PgNotifications(db, log), sqlite: () => new SqliteDataVersion(db) });
}

/** How stale a SQLite process's caches may be after another process's commit. */
export const SQLITE_CHECK_MS = 20;

class SqliteDataVersion implements CacheCoherence {
  private readonly listeners: Array<() => void> = [];
  private seen: number | undefined;
  private checkedAt = -Infinity;
  /** The check under way: requests arriving meanwhile share it. */
  private checking: Promise<boolean> | undefined;

  constructor(private readonly db: Knex) {}

  usable(): Promise<boolean> {
    if (performance.now() - this.checkedAt < SQLITE_CHECK_MS) return Promise.resolve(true);
    this.checking ??= this.check().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async check(): Promise<boolean> {
    const [row] = (await this.db.raw('pragma data_version')) as Array<{ data_version: number }>;
    this.checkedAt = performance.now();
    const unchanged = this.seen === row.data_version;
    this.seen = row.data_version;
    // Every cache hears of it, not only the one whose check found it (the next one to ask would
    // be told "usable" within SQLITE_CHECK_MS).
    if (!unchanged) for (const listener of this.listeners) listener();
    return unchanged;
  }

  async announce(): Promise<void> {
    // Other processes see the commit in their own data_version.
  }

  onOtherWrite(listener: () => void): void {
    // Nothing is pushed: `usable` finds out on the next request, and tells every listener.
    this.listeners.push(listener);
  }

  async close(): Promise<void> {}
}

class PgNotifications implements CacheCoherence {
  private readonly id = randomUUID();
  private readonly listeners: Array<() => void> = [];
  private client: pg.Client | undefined;
  private listening = false;
  private closed = false;
  private retryMs = RECONNECT_FIRST_MS;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Knex,
    private readonly log: (message: string) => void,
  ) {
    void this.connect();
  }

  async usable(): Promise<boolean> {
    return this.listening;
  }

  async announce(): Promise<void> {
    await this.db.raw('select pg_notify(?, ?)', [CACHE_CHANNEL, this.id]);
  }

  onOtherWrite(listener: () => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.listening = false;
    await this.client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const connection = this.db.client.config.connection as { connectionString: string };
    const client = new pg.Client({ connectionString: connection.connectionString });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = undefined;
      client.end().catch(() => {});
      if (this.closed) return;
      this.log(`Cache notifications lost; caches are bypassed until they are back (retrying in ${this.retryMs} ms).`);
      this.timer = setTimeout(() => void this.connect(), this.retryMs);
      this.timer.unref();
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ payload }) => {
      if (payload !== this.id) for (const listener of this.listeners) listener();
    });
    try {
      await client.connect();
      await client.query(`listen ${CACHE_CHANNEL}`);
      if (this.closed) return void (await client.end());
      // Writes made while nobody was listening went unheard: start from empty caches.
      for (const listener of this.listeners) listener();
      this.listening = true;
      this.retryMs = RECONNECT_FIRST_MS;
    } catch {
      lost();
    }
  }
}
