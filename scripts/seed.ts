import { loadConfig } from '../server/config';
import { connect, migrateLatest } from '../server/db/connect';
import { seedIfEmpty } from '../server/bootstrap';

/** `npm run seed`: migrate the configured database and put the sample data in it when it is empty. */
const config = loadConfig();
const db = connect(config.database);
try {
  await migrateLatest(db);
  console.info((await seedIfEmpty(db)) ? 'Sample data added.' : 'The database already has content: nothing added.');
} finally {
  await db.destroy();
}
