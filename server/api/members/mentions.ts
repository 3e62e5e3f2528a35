import type { Knex } from 'knex';
import { mentionedIds, resolveMentions } from '../../../contracts/notifications';
import { badRequest } from '../../errors';
import { presentMentionSuggestion } from './presenter';
import { activeMemberRefs } from './repo';

/** A comment or reply text's limit: the longest stored text, and what the message calls it. */
export interface StoredTextLimit {
  max: number;
  noun: 'Comment' | 'Reply';
}

/**
 * A reply's or comment's text as it is stored: each mention of an active member carries that
 * member's own name (whatever name the writer's client sent), and a mention of anyone else is plain
 * `@Name` text — so nobody can show "@Admin" linking to another member's page. One query.
 * The length limit holds for this stored text, not only for what was sent: a short name in the
 * markup can become a member's much longer one. Too long: 400 under `content`, nothing written.
 */
export async function withMemberNames(db: Knex, content: string, limit: StoredTextLimit): Promise<string> {
  const ids = mentionedIds(content);
  if (!ids.length) return content;
  const members = await activeMemberRefs(db, ids);
  const stored = resolveMentions(content, new Map([...members].map(([id, row]) => [id, presentMentionSuggestion(row).name])));
  if (stored.length > limit.max) {
    const message = `${limit.noun} is too long once mentions are expanded (max ${limit.max} characters)`;
    throw badRequest(message, { content: [message] });
  }
  return stored;
}
