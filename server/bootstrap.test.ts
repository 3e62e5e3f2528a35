import { expect, it } from 'vitest';
import { verifyPassword } from './api/auth/passwords';
import { findUserByEmail } from './api/users/repo';
import { ensureAdmin } from './bootstrap';
import { describeEachDb } from './test/harness';
import { createUser } from './test/factories';

describeEachDb('ADMIN_EMAIL / ADMIN_PASSWORD at start-up', (t) => {
  it('creates the admin when missing, and restores an existing account to an active admin with that password', async () => {
    await ensureAdmin(t().db, { email: 'boot-admin@example.com', password: 'first password 1' });
    const made = await findUserByEmail(t().db, 'boot-admin@example.com');
    expect(made).toMatchObject({ role: 'admin' });
    expect(await verifyPassword('first password 1', made!.password_hash)).toBe(true);

    const demoted = await createUser(t().db, { email: 'boot-demoted@example.com', role: 'subscriber', isActive: false });
    await ensureAdmin(t().db, { email: 'boot-demoted@example.com', password: 'second password 2' });
    const restored = await findUserByEmail(t().db, 'boot-demoted@example.com');
    expect(restored?.id).toBe(demoted.id);
    expect(restored?.role).toBe('admin');
    expect(Boolean(restored?.is_active)).toBe(true);
    expect(await verifyPassword('second password 2', restored!.password_hash)).toBe(true);
  });
});
