import { mkdirSync } from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import type { DatabaseConfig } from '../config';
import { migrationSource } from './migrations/index';

/** Opens the database with the pragmas/pool settings each engine needs. */
export function connect(config: DatabaseConfig): Knex {
  if (config.client === 'sqlite') {
    if (config.filename !== ':memory:') mkdirSync(path.dirname(config.filename), { recursive: true });
    return knex({
      client: 'better-sqlite3',
      connection: { filename: config.filename },
      useNullAsDefault: true,
      // better-sqlite3 is synchronous: one connection, short transactions.
      pool: {
        min: 1,
        max: 1,
        afterCreate: (conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) => {
          cacheStatements(conn);
          keepErrorsThatEndTransactions(conn);
          conn.pragma('journal_mode = WAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          conn.pragma('synchronous = NORMAL');
          done(null, conn);
        },
      },
      migrations: { migrationSource },
    });
  }
  return knex({
    client: 'pg',
    // A connection attempt to a host that drops packets would wait for the kernel's SYN retries (minutes).
    connection: { connectionString: config.connectionString, statement_timeout: 15_000, connectionTimeoutMillis: 5_000 } as Knex.PgConnectionConfig,
    pool: { min: 0, max: 10 },
    migrations: { migrationSource },
  });
}

interface SqliteConnection {
  pragma(source: string): unknown;
  prepare(source: string): unknown;
  readonly inTransaction: boolean;
}

/**
 * Some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM) make SQLite roll the transaction back by
 * itself. Knex then sends its own ROLLBACK, which fails with "no transaction is active", and that
 * error replaces the real one: a full disk would be a 500 instead of a 503 (docs/security.md §12).
 * A ROLLBACK with no transaction left is made a no-op, so the error that ended it is the one thrown.
 * Installed after `cacheStatements`, so the check is made each time, not once per cached text.
 */
function keepErrorsThatEndTransactions(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  let nothing: unknown;
  conn.prepare = (source) => {
    if (!conn.inTransaction && /^\s*rollback\s*;?\s*$/i.test(source)) return (nothing ??= prepare('select 1 where 0'));
    return prepare(source);
  };
}

/** Statements kept per connection: more than the app's distinct queries, so the hot ones stay. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Knex prepares every query anew, and on SQLite compiling the statement costs about as much as
 * running a small one. The app's queries are a fixed set of SQL texts (values are bound), so each
 * connection keeps its prepared statements by text. Safe because Knex runs each statement to
 * completion (`all`/`run`) before the next use, and SQLite re-prepares one whose schema changed.
 */
function cacheStatements(conn: SqliteConnection): void {
  const prepare = conn.prepare.bind(conn);
  const statements = new Map<string, unknown>();
  conn.prepare = (source) => {
    let statement = statements.get(source);
    if (statement === undefined) {
      statement = prepare(source);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
    }
    return statement;
  };
}

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest();
}
