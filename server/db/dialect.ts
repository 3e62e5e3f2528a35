import type { Knex } from 'knex';
import type { DatabaseConfig } from '../config';

/**
 * The only place that branches on the database engine. Everything else writes portable Knex; a
 * mechanism only one engine has (backups, the start-up lock, cache coherence) is chosen through
 * byDialect/byEngine, so the branch itself stays here (scripts/conventions.test.ts keeps it so).
 */
export type Dialect = 'sqlite' | 'pg';

export function dialectOf(db: Knex): Dialect {
  const client = String(db.client.config.client);
  return client === 'pg' || client === 'postgres' || client === 'postgresql' ? 'pg' : 'sqlite';
}

/** The connected engine's way of doing something. */
export function byDialect<T>(db: Knex, ways: Record<Dialect, () => T>): T {
  return ways[dialectOf(db)]();
}

type EngineConfig<D extends Dialect> = Extract<DatabaseConfig, { client: D }>;

/** The configured engine's way, before (or without) a connection: given that engine's settings. */
export function byEngine<T>(config: DatabaseConfig, ways: { [D in Dialect]: (config: EngineConfig<D>) => T }): T {
  return config.client === 'sqlite' ? ways.sqlite(config) : ways.pg(config);
}

/** Column default for "now" that matches the ISO strings the app writes (so SQLite text sorts correctly). */
export function nowDefault(db: Knex): Knex.Raw {
  return byDialect(db, { pg: () => db.raw('now()'), sqlite: () => db.raw("(strftime('%Y-%m-%dT%H:%M:%fZ','now'))") });
}

/** Timestamp the app writes: ISO-8601 UTC, accepted by timestamptz and sortable as SQLite text. */
export function now(): string {
  return new Date().toISOString();
}

/**
 * Whether a time can be written as the app's ISO text and given to either engine: years 0001–9999.
 * PostgreSQL has no year 0 and cannot parse ISO's signed years (a 500 from a cursor or a
 * `writtenAt` before this check); SQLite would store them, but as text that sorts wrongly.
 */
export function isStorableTime(ms: number): boolean {
  return ms >= STORABLE_FROM && ms <= STORABLE_UNTIL;
}
const STORABLE_FROM = Date.parse('0001-01-01T00:00:00.000Z');
const STORABLE_UNTIL = Date.parse('9999-12-31T23:59:59.999Z');

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Normalise a timestamp read from either engine to ISO-8601. */
export function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const s = String(value);
  // What the app writes (and SQLite's column default): already the answer, so no Date round trip.
  if (ISO_UTC.test(s)) return s;
  // SQLite CURRENT_TIMESTAMP style 'YYYY-MM-DD HH:MM:SS' is UTC without a zone.
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s)) return `${s.replace(' ', 'T')}Z`;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : d.toISOString();
}

/**
 * A timestamp column's UTC day as 'YYYY-MM-DD' text, for GROUP BY day. SQLite holds the app's ISO
 * text (its first ten characters are the UTC day); PostgreSQL's timestamptz is formatted in UTC, not
 * the session's zone. `column` is a trusted identifier (bound as one).
 */
export function utcDay(db: Knex, column: string): Knex.Raw {
  return byDialect(db, {
    pg: () => db.raw("to_char(?? at time zone 'UTC', 'YYYY-MM-DD')", [column]),
    sqlite: () => db.raw('substr(??, 1, 10)', [column]),
  });
}

/**
 * Holds back every other transaction's INSERT/UPDATE/DELETE on `table` until this one ends, while
 * reads go on (PostgreSQL's SHARE ROW EXCLUSIVE). SQLite has one writer at a time already.
 */
export async function lockAgainstWriters(trx: Knex.Transaction, table: string): Promise<void> {
  await byDialect(trx, { pg: () => trx.raw('lock table ?? in share row exclusive mode', [table]), sqlite: async () => undefined });
}

/** SQLite stores booleans as 0/1. */
export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

/** JSON columns: pg parses json itself, SQLite returns text. */
export function fromJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

/** COUNT(*) comes back as a string from pg (bigint) and a number from SQLite. */
export function toInt(value: unknown): number {
  return typeof value === 'number' ? value : Number.parseInt(String(value ?? 0), 10) || 0;
}

const PG_UNIQUE = '23505';
const PG_FK = '23503';

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === PG_UNIQUE || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === PG_FK || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Case-insensitive LIKE: ILIKE on pg; SQLite's LIKE is already case-insensitive for ASCII. */
export function ilike(db: Knex): 'ilike' | 'like' {
  return byDialect(db, { pg: () => 'ilike' as const, sqlite: () => 'like' as const });
}

/** PostgreSQL's disk_full; `53xxx` is "insufficient resources" (53100 is the disk one). */
const PG_DISK_FULL = '53100';

/**
 * The disk holding the database or the uploads is full: SQLite `SQLITE_FULL`, PostgreSQL `53100`,
 * and the file system's `ENOSPC` (no space) or `EDQUOT` (the disk quota of the server's account).
 */
export function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === PG_DISK_FULL || code === 'ENOSPC' || code === 'EDQUOT';
}

/**
 * SQLite refused a write because another process wrote first (SQLITE_BUSY*: in WAL mode a read that
 * turns into a write is refused at once, without waiting, when the file changed meanwhile). Running
 * the whole transaction again sees the other write.
 */
export function isWriteConflict(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

// PostgreSQL: 57P01 admin shutdown (pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now
// (starting up or shutting down), 53300 too many connections; class 08 is "connection exception".
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
// The socket to PostgreSQL could not be opened or was cut.
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether an error means "the database cannot be reached right now" rather than a bug: the answer is
 * then 503 with Retry-After, not 500 (db/availability.ts). SQLite: the file is locked past
 * busy_timeout (SQLITE_BUSY*) or cannot be opened (SQLITE_CANTOPEN*). Knex's pool timing out on a
 * connection counts too.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown } | null;
  if (e?.name === 'KnexTimeoutError') return true;
  const code = typeof e?.code === 'string' ? e.code : '';
  return (
    PG_UNAVAILABLE.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    NET_CODES.has(code) ||
    code.startsWith('SQLITE_BUSY') ||
    code.startsWith('SQLITE_CANTOPEN')
  );
}

interface RawConnections {
  acquireRawConnection(): Promise<unknown>;
  destroyRawConnection(connection: unknown): Promise<void>;
  pool?: { used: Array<{ resource: unknown }> };
}

/**
 * Whether the database answers `select 1` within `ms` on a fresh connection, outside the pool: a
 * pool whose connections hang on a silent network cannot say, and a pool busy with slow queries is
 * not an outage. SQLite is a file, never behind a network that can go silent: always true.
 */
export function answersOnFreshConnection(db: Knex, ms: number): Promise<boolean> {
  return byDialect(db, {
    sqlite: () => Promise.resolve(true),
    pg: () => {
      const client = db.client as RawConnections;
      const opening = client.acquireRawConnection() as Promise<{ query(sql: string): Promise<unknown> }>;
      // The connection is closed whether it answered, failed or came too late.
      const answered = opening.then((connection) => connection.query('select 1')).then(() => true, () => false);
      void opening.then((connection) => answered.finally(() => client.destroyRawConnection(connection))).catch(() => {});
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
      return Promise.race([answered, late]).finally(() => clearTimeout(timer));
    },
  });
}

/**
 * Fails the queries waiting on the pool's connections in use with `err` (PostgreSQL: their sockets
 * are destroyed; the pool then drops those connections). For a database that stopped answering: TCP
 * would otherwise keep their requests waiting for minutes. SQLite has no socket: nothing to do.
 */
export function cutConnectionsInUse(db: Knex, err: Error): void {
  byDialect(db, {
    sqlite: () => {},
    pg: () => {
      for (const { resource } of (db.client as RawConnections).pool?.used ?? []) {
        (resource as { connection?: { stream?: { destroy(err: Error): void } } }).connection?.stream?.destroy(err);
      }
    },
  });
}
