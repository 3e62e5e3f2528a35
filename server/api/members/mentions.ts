import type { Knex } from 'knex';
import { mentionedIds, resolveMentions } from '../../../contracts/notifications';
import { presentMentionSuggestion } from './presenter';
import { activeMemberRefs } from './repo';

/**
 * A reply's or comment's text as it is stored: each mention of an active member carries that
 * member's own name (whatever name the writer's client sent), and a mention of anyone else is plain
 * `@Name` text — so nobody can show "@Admin" linking to another member's page. One query.
 */
export async function withMemberNames(db: Knex, content: string): Promise<string> {
  const ids = mentionedIds(content);
  if (!ids.length) return content;
  const members = await activeMemberRefs(db, ids);
  return resolveMentions(content, new Map([...members].map(([id, row]) => [id, presentMentionSuggestion(row).name])));
}
