import Router from '@koa/router';
import type { Knex } from 'knex';
import { PROFILE_LIMITS } from '../../../contracts/profile';
import { notFound } from '../../errors';
import { parseId } from '../../middleware/validate';
import { hasPublicPage } from './policy';
import { presentMember } from './presenter';
import { findMember, newestArticles, newestDiscussions } from './repo';

const NOT_FOUND = 'Member not found';

/**
 * `GET /api/members/{id}`: a member's public page, the same for every viewer (so the anonymous
 * response cache keeps it). Three queries whatever the member wrote: the member with their totals,
 * their newest articles, their newest discussions. A malformed id, an unknown one and a
 * deactivated member are all 404.
 */
export function memberRoutes(db: Knex): Router {
  const router = new Router({ prefix: '/api/members' });

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
