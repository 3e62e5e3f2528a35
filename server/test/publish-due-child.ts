import { connect } from '../db/connect';
import type { DatabaseConfig } from '../config';
import { Notifier } from '../api/notifications/notify';
import { publishDue } from '../api/content/scheduled';
import { subscribeAll } from '../api/subscribers';
import { eventRegistry } from '../events/index';
import { TEST_SESSION_SECRET } from './harness';

/*
 * One process running the publishing job once (scheduled.test.ts starts two at the same moment):
 * argv = the database config as JSON and the job's "now". Says "ready" once connected and runs when
 * told "go" on stdin, so both processes reach their UPDATE together; then prints how many items
 * this process published.
 */
subscribeAll(eventRegistry, {
  notifier: new Notifier({ siteName: 'Ledger Commons', secret: TEST_SESSION_SECRET, contactEmail: 'contact@commons.example', mail: { enabled: false, kick: () => {} } }),
});
const [config, now] = [JSON.parse(process.argv[2]) as DatabaseConfig, Number(process.argv[3])];
const db = connect(config);
await db.raw('select 1');
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.once('data', resolve));
const published = await publishDue(db, now);
await db.destroy();
process.stdout.write(`published ${published}\n`);
process.exit(0);
