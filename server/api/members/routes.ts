import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { PROFILE_LIMITS } from '../../../contracts/profile';
import { notFound } from '../../errors';
import { parseId, validateQuery } from '../../middleware/validate';
import { requireUser } from '../../middleware/auth';
import { MentionQuery, NOTIFICATION_LIMITS, type MentionSuggestion } from '../../../contracts/notifications';
import { hasPublicPage } from './policy';
import { presentMember, presentMentionSuggestion } from './presenter';
import { findMember, mentionCandidates, newestArticles, newestDiscussions } from './repo';

const NOT_FOUND = 'Member not found';

/**
 * `GET /api/members/{id}`: a member's public page, the same for every viewer (so the anonymous
 * response cache keeps it). Three queries whatever the member wrote: the member with their totals,
 * their newest articles, their newest discussions. A malformed id, an unknown one and a
 * deactivated member are all 404.
 */
export function memberRoutes(db: Knex): Router {
  const router = caseSensitiveRouter('/api/members');

  // The mention autocomplete (docs/notifications.md): signed-in members only (a list of names is not
  // for crawlers), a prefix of a first or last name, at most 8, only what a member page shows.
  // Before '/:id'.
  router.get('/mentions', requireUser, validateQuery(MentionQuery), async (ctx) => {
    const rows = await mentionCandidates(db, ctx.state.query.q, NOTIFICATION_LIMITS.mentionSuggestions);
    ctx.set('Cache-Control', 'private, max-age=60');
    const body: MentionSuggestion[] = rows.map(presentMentionSuggestion);
    ctx.body = body;
  });

  router.get('/:id', async (ctx) => {
    const id = parseId(ctx.params.id, NOT_FOUND);
    const [member, articles, discussions] = await Promise.all([
      findMember(db, id),
      newestArticles(db, id, PROFILE_LIMITS.memberListSize),
      newestDiscussions(db, id, PROFILE_LIMITS.memberListSize),
    ]);
    if (!member || !hasPublicPage(member)) throw notFound(NOT_FOUND);
    ctx.body = presentMember(member, articles, discussions);
  });

  return router;
}
