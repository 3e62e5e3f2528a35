import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { ContributorsQuery } from '../../../contracts/community';
import { validateQuery } from '../../middleware/validate';
import { presentContributor } from './presenter';
import * as repo from './repo';

/** Spec 7, Community: both reads are public (the /community page is a public route). */
export function communityRoutes(db: Knex): Router {
  const router = caseSensitiveRouter('/api/community');

  router.get('/contributors', validateQuery(ContributorsQuery), async (ctx) => {
    const { limit } = ctx.state.query;
    ctx.body = (await repo.listContributors(db, limit)).map(presentContributor);
  });

  router.get('/stats', async (ctx) => {
    ctx.body = await repo.communityStats(db);
  });

  return router;
}
