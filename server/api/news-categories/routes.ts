import Router from '@koa/router';
import type { Knex } from 'knex';
import {
  NewsCategoryCreateInput,
  NewsCategoryListQuery,
  NewsCategoryUpdateInput,
} from '../../../contracts/admin';
import { notFound } from '../../errors';
import { ADMINS } from '../../../contracts/constants';
import { requireRole } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { nameSlugGuard } from '../name-slug/unique';
import { presentNewsCategory } from './presenter';
import {
  deleteNewsCategory,
  insertNewsCategory,
  listNewsCategories,
  updateNewsCategory,
} from './repo';

const TAKEN: Record<'name' | 'slug', string> = {
  name: 'A category with this name already exists',
  slug: 'A category with this slug already exists',
};

export function newsCategoryRoutes(db: Knex): Router {
  const router = new Router();
  const adminOnly = requireRole(...ADMINS);
  const unique = nameSlugGuard(db, 'news_categories', TAKEN);

  router.get('/api/news-categories', validateQuery(NewsCategoryListQuery), async (ctx) => {
    const { activeOnly, usedBy } = ctx.state.query;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = (await listNewsCategories(db, { activeOnly, usedBy })).map(presentNewsCategory);
  });

  router.post('/api/admin/news-categories', adminOnly, validateBody(NewsCategoryCreateInput), async (ctx) => {
    const input = ctx.state.body;
    await unique.check(input);
    const row = await insertNewsCategory(db, input).catch((err) => unique.race(err, input));
    ctx.status = 201;
    ctx.body = presentNewsCategory(row);
  });

  router.patch('/api/admin/news-categories/:id', adminOnly, validateBody(NewsCategoryUpdateInput), async (ctx) => {
    const id = parseId(ctx.params.id, 'Category not found');
    const input = ctx.state.body;
    await unique.check(input, id);
    const row = await updateNewsCategory(db, id, input).catch((err) => unique.race(err, input, id));
    if (!row) throw notFound('Category not found');
    ctx.body = presentNewsCategory(row);
  });

  router.delete('/api/admin/news-categories/:id', adminOnly, async (ctx) => {
    const id = parseId(ctx.params.id, 'Category not found');
    if (!(await deleteNewsCategory(db, id))) throw notFound('Category not found');
    ctx.body = { ok: true };
  });

  return router;
}
