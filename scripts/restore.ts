import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { restoreBackup, RestoreRefused } from '../server/backup';

/** `npm run restore -- <backup directory> [--force]`: puts a snapshot back. Stop the server first. */
const { positionals, values } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup directory> [--force]');
  process.exit(2);
}
const config = loadConfig();
const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
try {
  await restoreBackup({ database: config.database, uploadsDir: path.join(config.dataDir, 'uploads') }, path.resolve(positionals[0]), {
    serverUrl: `http://${host}:${config.port}`,
    force: values.force,
  });
  console.info(`Restored ${positionals[0]}`);
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err;
  console.error(err.message);
  process.exit(1);
}
