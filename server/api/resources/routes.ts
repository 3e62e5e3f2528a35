import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { ResourceCreateInput, ResourceListQuery, ResourceUpdateInput } from '../../../contracts/resources';
import { badRequest, notFound } from '../../errors';
import { ADMINS } from '../../../contracts/constants';
import { currentUser, requireRole } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { presentResource } from './presenter';
import * as repo from './repo';

const NOT_FOUND = 'Resource not found';

/** Spec 7, Resources: anyone lists; only admins create, edit and delete (spec 6). */
export function resourceRoutes(db: Knex): Router {
  const router = caseSensitiveRouter('/api/resources');

  router.get('/', validateQuery(ResourceListQuery), async (ctx) => {
    ctx.body = (await repo.listResources(db, ctx.state.query)).map(presentResource);
  });

  router.post('/', requireRole(...ADMINS), validateBody(ResourceCreateInput), async (ctx) => {
    const id = await repo.insertResource(db, currentUser(ctx).id, ctx.state.body);
    ctx.status = 201;
    ctx.body = presentResource((await repo.findResource(db, id))!);
  });

  router.patch('/:id', requireRole(...ADMINS), validateBody(ResourceUpdateInput), async (ctx) => {
    const id = parseId(ctx.params.id, NOT_FOUND);
    const input = ctx.state.body;
    if (Object.values(input).every((v) => v === undefined)) throw badRequest('Nothing to update');
    if (!(await repo.updateResource(db, id, input))) throw notFound(NOT_FOUND);
    ctx.body = presentResource((await repo.findResource(db, id))!);
  });

  router.delete('/:id', requireRole(...ADMINS), async (ctx) => {
    if (!(await repo.deleteResource(db, parseId(ctx.params.id, NOT_FOUND)))) throw notFound(NOT_FOUND);
    ctx.body = { ok: true };
  });

  return router;
}
