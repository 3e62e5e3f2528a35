import path from 'node:path';
import { loadConfig } from '../server/config';
import { createBackup } from '../server/backup';

/** `npm run backup`: a snapshot of the database and uploads into $DATA_DIR/backups/ (the server may be running). */
const config = loadConfig();
const dir = await createBackup(
  { database: config.database, uploadsDir: path.join(config.dataDir, 'uploads') },
  path.join(config.dataDir, 'backups'),
);
console.info(`Backup written to ${dir}`);
