// Knex CLI configuration (e.g. `npx knex --knexfile knexfile.ts migrate:status`); the app itself uses server/db/connect.ts.
import { loadConfig } from './server/config';
import { migrationSource } from './server/db/migrations/index';

const { database } = loadConfig();

export default database.client === 'sqlite'
  ? { client: 'better-sqlite3', connection: { filename: database.filename }, useNullAsDefault: true, migrations: { migrationSource } }
  : { client: 'pg', connection: database.connectionString, migrations: { migrationSource } };
