import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Agent } from '../../test/harness';
import { insertForumCategory } from './repo';

/** Test data for the forum suites (server/test/factories.ts belongs to another area). */

export async function forumCategory(db: Knex, name = `Category ${randomBytes(4).toString('hex')}`) {
  return { id: await insertForumCategory(db, { name, color: '#10B981', icon: 'MessageSquare' }), name };
}

/** Starts a discussion through the API as the agent's user; throws unless it was created. */
export async function postDiscussion(agent: Agent, categoryId: string, title = 'A question about IFRS 18') {
  const res = await agent.post('/api/forum/discussions', { title, content: `Body of ${title}`, categoryId });
  if (res.status !== 201) throw new Error(`discussion not created: ${res.status} ${res.text}`);
  return res.body as { id: string; title: string; createdAt: string };
}

export async function postReply(agent: Agent, discussionId: string, content = 'Good point.', parentReplyId?: string) {
  const res = await agent.post('/api/forum/replies', { discussionId, content, parentReplyId });
  if (res.status !== 201) throw new Error(`reply not created: ${res.status} ${res.text}`);
  return res.body as { id: string; createdAt: string; parentReplyId: string | null };
}
