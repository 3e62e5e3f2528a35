import { expect } from 'vitest';
import type { Role } from '../../../contracts/common';
import type { Agent, TestServer } from '../../test/harness';
import { signedIn } from '../../test/factories';

export type NonAdmin = Exclude<Role, 'admin'>;
export const NON_ADMIN_ROLES: NonAdmin[] = ['subscriber', 'contributor', 'editor'];

/** One signed-in agent per non-admin role, made once per server (test helper). */
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
