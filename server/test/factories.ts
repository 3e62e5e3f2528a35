import type { Knex } from 'knex';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '../../contracts/common';
import { hashPassword } from '../api/auth/passwords';
import { insertUser } from '../api/users/repo';
import type { UserRow } from '../api/users/presenter';
import { TEST_SESSION_SECRET, type Agent } from './harness';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../middleware/session';

export const TEST_PASSWORD = 'secret123';
let cachedHash: Promise<string> | undefined;

/**
 * A user with sensible defaults; every factory user shares one bcrypt hash to keep tests fast. Its
 * address counts as confirmed, like the sample accounts' (`emailConfirmed: false` for one that is not).
 */
export async function createUser(
  db: Knex,
  overrides: Partial<{ email: string; role: Role; isActive: boolean; firstName: string; lastName: string; emailConfirmed: boolean }> = {},
): Promise<UserRow> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return insertUser(db, {
    email: overrides.email ?? `user-${randomBytes(5).toString('hex')}@example.com`,
    passwordHash: await cachedHash,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? 'User',
    role: overrides.role ?? 'subscriber',
    isActive: overrides.isActive ?? true,
    emailConfirmedAt: overrides.emailConfirmed === false ? null : new Date().toISOString(),
  });
}

/**
 * Creates a user of the role and returns the agent signed in as them. The session row and signed
 * cookie are written directly (as a login would) to skip a bcrypt comparison per test user; the
 * login route itself is covered by server/api/auth/auth.test.ts.
 */
export async function signedIn(db: Knex, agent: Agent, role: Role = 'subscriber'): Promise<{ agent: Agent; user: UserRow }> {
  const user = await createUser(db, { role });
  await signInAs(db, agent, user.id);
  return { agent, user };
}

/** Gives the agent a live session for the user, exactly as koa-session would store and sign it. */
export async function signInAs(db: Knex, agent: Agent, userId: string): Promise<void> {
  const sid = randomUUID();
  const expire = Date.now() + SESSION_MAX_AGE_MS;
  await db('sessions').insert({
    sid,
    sess: JSON.stringify({ userId, _expire: expire, _maxAge: SESSION_MAX_AGE_MS }),
    user_id: userId,
    expire: new Date(expire).toISOString(),
  });
  // keygrip's signature: base64url HMAC-SHA1 of "name=value" with the app key.
  const sig = createHmac('sha1', TEST_SESSION_SECRET).update(`${SESSION_COOKIE}=${sid}`).digest('base64url');
  agent.cookies.set(SESSION_COOKIE, sid);
  agent.cookies.set(`${SESSION_COOKIE}.sig`, sig);
}
