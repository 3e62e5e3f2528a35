import knex from 'knex';

/** Under CI the PostgreSQL half of the suite is mandatory; locally its absence is announced, not hidden. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (process.env.CI === 'true') throw new Error('CI=true but TEST_DATABASE_URL is not set: PostgreSQL tests cannot be skipped in CI.');
    console.warn('\n*** TEST_DATABASE_URL is not set: PostgreSQL tests were NOT run (SQLite only). ***\n');
    return;
  }
  const db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    await db.raw('select 1');
  } catch (err) {
    throw new Error(`TEST_DATABASE_URL=${url} is not reachable: ${(err as Error).message}`);
  } finally {
    await db.destroy();
  }
}
