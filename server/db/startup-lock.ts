import knex, { type Knex } from 'knex';
import { byDialect } from './dialect';

/** The advisory lock's key on PostgreSQL (any constant; this one spells "LCstart"). */
const PG_LOCK_KEY = 0x4c_43_73_74_61_72_74;
/** How long a process waits for another's start-up steps (migrations, seeding) on SQLite. */
const SQLITE_WAIT_MS = 120_000;

/**
 * Runs `steps` (migrations, the admin from the environment, sample seeding) while no other process
 * on this database runs its own: two processes started together on an empty database
 * migrate and seed once, and the second then finds the work done.
 *
 * - PostgreSQL: a session advisory lock, held on a connection of its own for the duration; the
 *   server releases it if the process dies, so a crash never leaves it taken.
 * - SQLite: an exclusive transaction on a lock file beside the database (`<file>.lock`), whose lock
 *   the operating system releases if the process dies. The database itself cannot be the lock: the
 *   steps write to it through the app's own connection.
 *
 * Knex's own migration lock is a row, which a process killed mid-migration leaves set forever;
 * holding this lock, nobody else can be migrating, so that row is freed first.
 */
export async function underStartupLock<T>(db: Knex, steps: () => Promise<T>): Promise<T> {
  const run = async () => {
    await db.migrate.forceFreeMigrationsLock();
    return steps();
  };
  return byDialect(db, { pg: () => underPgLock(db, run), sqlite: () => underSqliteLock(db, run) });
}

async function underPgLock<T>(db: Knex, run: () => Promise<T>): Promise<T> {
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    // Waiting for another process's migrations may take longer than a statement is allowed.
    await connection.query('set statement_timeout = 0', []);
    await connection.query('select pg_advisory_lock($1)', [PG_LOCK_KEY]);
    try {
      return await run();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [PG_LOCK_KEY]);
      await connection.query('reset statement_timeout', []);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

async function underSqliteLock<T>(db: Knex, run: () => Promise<T>): Promise<T> {
  const filename = (db.client.config.connection as { filename: string }).filename;
  if (filename === ':memory:') return run();
  const lock = knex({
    client: 'better-sqlite3',
    connection: { filename: `${filename}.lock` },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: { pragma(source: string): unknown }, done: (err: null, conn: unknown) => void) => {
        conn.pragma(`busy_timeout = ${SQLITE_WAIT_MS}`);
        done(null, conn);
      },
    },
  });
  try {
    // Waits (synchronously: nothing else runs yet) while another process holds it.
    await lock.raw('begin exclusive');
    try {
      return await run();
    } finally {
      await lock.raw('commit');
    }
  } finally {
    await lock.destroy();
  }
}

interface PgConnection {
  query(text: string, values: unknown[]): Promise<unknown>;
}
