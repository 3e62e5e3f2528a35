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
        afterCreate: (conn: { pragma: (s: string) => unknown }, done: (err: Error | null, conn: unknown) => void) => {
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
    connection: { connectionString: config.connectionString, statement_timeout: 15_000 } as Knex.PgConnectionConfig,
    pool: { min: 0, max: 10 },
    migrations: { migrationSource },
  });
}

export async function migrateLatest(db: Knex): Promise<void> {
  await db.migrate.latest();
}
