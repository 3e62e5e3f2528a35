import type { Knex } from 'knex';
import type { Config } from './config';
import { hashPassword } from './api/auth/passwords';
import { findUserByEmail, insertUser, updateUserRow } from './api/users/repo';
import { hasContent, seedSampleData } from './db/seed/index';
import { now } from './db/dialect';
import type { ObjectStorage } from './storage/index';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: make sure this admin exists, is active and has role admin. The operator
 * chose the address, so it counts as confirmed (docs/security.md §13).
 */
export async function ensureAdmin(db: Knex, admin: Config['admin']): Promise<void> {
  if (!admin) return;
  const existing = await findUserByEmail(db, admin.email);
  const passwordHash = await hashPassword(admin.password);
  if (!existing) {
    await insertUser(db, { email: admin.email, passwordHash, firstName: 'Site', lastName: 'Admin', role: 'admin', emailConfirmedAt: now() });
    return;
  }
  await updateUserRow(db, existing.id, { role: 'admin', isActive: true, passwordHash, emailConfirmedAt: existing.email_confirmed_at ? undefined : now() });
}

/** First start: fill an empty database with the sample data (in one transaction; its audio files in `storage`). */
export async function seedIfEmpty(db: Knex, storage: ObjectStorage): Promise<boolean> {
  if (await hasContent(db)) return false;
  await db.transaction((trx) => seedSampleData(trx, { storage }));
  return true;
}
