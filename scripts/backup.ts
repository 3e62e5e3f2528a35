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
// The bucket is not copied (it may be far larger than the database): docs/deploy.md, "Backups".
if (config.s3) console.info(`Uploads are in the bucket ${config.s3.bucket} at ${config.s3.endpoint}, which this backup does not copy: keep it with the bucket's versioning or replication (docs/deploy.md).`);
