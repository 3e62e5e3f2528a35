import type { Knex } from 'knex';
import * as initial from './20261122000000_initial';
import * as uploads from './20261122010000_uploads';
import * as idempotency from './20261122030000_idempotency';

/**
 * Migrations are listed here, in order, rather than discovered on disk, so that they load the same
 * way under tsx, vitest and any bundler. Never edit a landed migration: add a new one.
 */
const migrations: Record<string, Knex.Migration> = {
  '20261122000000_initial': initial,
  '20261122010000_uploads': uploads,
  '20261122030000_idempotency': idempotency,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};
