import type { Knex } from 'knex';
import { createHmac, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Role } from '../../contracts/common';
import type { UserRow } from '../api/users/presenter';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../middleware/session';
import { TEST_SESSION_SECRET, type Agent, type TestServer } from './harness';
import { createUser, TEST_PASSWORD } from './factories';

/* Signed-in agents: one per role, a user signed in at once, or through the form's route. */

/**
 * Creates a user of the role and returns the agent signed in as them. The session row and signed
 * cookie are written directly (as a login would) to skip a bcrypt comparison per test user; the
 * login route itself is covered by server/api/auth/auth.test.ts.
 */
export async function signedIn(db: Knex, agent: Agent, role: Role = 'subscriber'): Promise<{ agent: Agent; user: UserRow }> {
  return signedInWith(db, agent, await createUser(db, { role }));
}

/** A new user (with these fields) and a fresh agent of `t` signed in as them. */
export async function newMember(t: TestServer, fields: Parameters<typeof createUser>[1] = {}): Promise<{ agent: Agent; user: UserRow }> {
  return signedInWith(t.db, t.agent(), await createUser(t.db, fields));
}

async function signedInWith(db: Knex, agent: Agent, user: UserRow): Promise<{ agent: Agent; user: UserRow }> {
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

/** Signs in through the form's route, as a browser would: a real session with a real password check. */
export async function logIn(agent: Agent, email: string, password = TEST_PASSWORD): Promise<Agent> {
  const res = await agent.post('/api/auth/login', { email, password });
  expect(res.status, `log in ${email}: ${res.text}`).toBe(200);
  return agent;
}

export type Viewer = 'anonymous' | Role;
export const VIEWERS: Viewer[] = ['anonymous', 'subscriber', 'contributor', 'editor', 'admin'];

/** One agent per viewer kind (anonymous, or signed in with that role). */
export async function viewerAgents(t: TestServer): Promise<Record<Viewer, Agent>> {
  const out = { anonymous: t.agent() } as Record<Viewer, Agent>;
  for (const role of ['subscriber', 'contributor', 'editor', 'admin'] as const) {
    out[role] = (await signedIn(t.db, t.agent(), role)).agent;
  }
  return out;
}

export type NonAdmin = Exclude<Role, 'admin'>;
export const NON_ADMIN_ROLES: NonAdmin[] = ['subscriber', 'contributor', 'editor'];

/** One signed-in agent per non-admin role, made once per server. */
const cache = new WeakMap<TestServer, Promise<Record<NonAdmin, Agent>>>();
export function nonAdminAgents(t: TestServer): Promise<Record<NonAdmin, Agent>> {
  let agents = cache.get(t);
  if (!agents) {
    agents = (async () => {
      const out = {} as Record<NonAdmin, Agent>;
      for (const role of NON_ADMIN_ROLES) out[role] = (await signedIn(t.db, t.agent(), role)).agent;
      return out;
    })();
    cache.set(t, agents);
  }
  return agents;
}

/** Signed out → 401; subscriber, contributor and editor → 403. */
export async function expectAdminOnly(t: TestServer, method: string, path: string, body?: unknown): Promise<void> {
  const anonymous = await t.agent().request(method, path, { body });
  expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
  const agents = await nonAdminAgents(t);
  for (const role of NON_ADMIN_ROLES) {
    const res = await agents[role].request(method, path, { body });
    expect(res.status, `${method} ${path} as ${role}`).toBe(403);
  }
}
