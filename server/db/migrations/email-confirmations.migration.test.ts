import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../test/harness';
import { DEMO_ACCOUNT_LIST } from '../seed/data';
import { migrationSource } from './index';

const MIGRATION = '20261129010000_email_confirmations';

/**
 * The email-confirmation migration on a database that already has accounts (docs/security.md §13):
 * nobody proved their address, so they start unconfirmed, except members whose accepted invitation
 * proved it and the sample accounts.
 */
describe.each(DB_KINDS)('migration %s [%s]', (kind) => {
  let t: TestDatabase;
  const user = (email: string) => ({ id: uuidv7(), email, password_hash: 'x', first_name: 'A', last_name: 'B', role: 'subscriber', is_active: true });
  const plain = user('someone-else@example.org');
  const invited = user('invited@example.org');
  const sample = user(DEMO_ACCOUNT_LIST[0].email);
  const pendingInvite = user('pending@example.org');

  beforeAll(async () => {
    t = await createTestDatabase(kind, { migrate: false });
    for (const name of await migrationSource.getMigrations([])) {
      if (name >= MIGRATION) break;
      await t.db.migrate.up({ name });
    }
    await t.db('users').insert([plain, invited, sample, pendingInvite]);
    const at = new Date().toISOString();
    await t.db('user_invitations').insert([
      { id: uuidv7(), email: invited.email, role: 'subscriber', created_at: at, accepted_at: at },
      { id: uuidv7(), email: pendingInvite.email, role: 'subscriber', created_at: at },
    ]);
    await t.db.migrate.up({ name: MIGRATION });
  });
  afterAll(async () => t?.drop());

  it('confirms only accounts an accepted invitation or the sample data vouches for', async () => {
    const rows: Array<{ email: string; email_confirmed_at: unknown }> = await t.db('users').select('email', 'email_confirmed_at');
    const confirmed = Object.fromEntries(rows.map((r) => [r.email, Boolean(r.email_confirmed_at)]));
    expect(confirmed).toEqual({ [plain.email]: false, [invited.email]: true, [sample.email]: true, [pendingInvite.email]: false });
  });

  it('rolls back without losing accounts, and forward again', async () => {
    await t.db.migrate.down({ name: MIGRATION });
    expect(await t.db.schema.hasTable('email_confirmations')).toBe(false);
    expect(await t.db.schema.hasColumn('users', 'email_confirmed_at')).toBe(false);
    expect((await t.db('users').select('id')).length).toBe(4);
    await t.db.migrate.up({ name: MIGRATION });
    expect(await t.db.schema.hasColumn('users', 'email_confirmed_at')).toBe(true);
  });
});
