import { loadConfig } from '../server/config';
import { connect, migrateLatest } from '../server/db/connect';
import path from 'node:path';
import { seedIfEmpty } from '../server/bootstrap';
import { createStorage } from '../server/storage/index';

/** `npm run seed`: migrate the configured database and put the sample data in it when it is empty. */
const config = loadConfig();
const db = connect(config.database);
// The same uploads storage the server uses (server/main.ts): the sample episodes' audio goes there.
const storage = createStorage(path.join(config.dataDir, 'uploads'), config.s3);
try {
  await migrateLatest(db);
  console.info((await seedIfEmpty(db, storage)) ? 'Sample data added.' : 'The database already has content: nothing added.');
} finally {
  await db.destroy();
}
