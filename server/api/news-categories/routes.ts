import Router from '@koa/router';
import type { Knex } from 'knex';
import {
  NewsCategoryCreateInput,
  NewsCategoryListQuery,
  NewsCategoryUpdateInput,
} from '../../../contracts/admin';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/dialect';
import { ADMINS } from '../../../contracts/constants';
import { requireRole } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { presentNewsCategory } from './presenter';
import {
  conflictingFields,
  deleteNewsCategory,
  insertNewsCategory,
  listNewsCategories,
  updateNewsCategory,
} from './repo';

const TAKEN: Record<'name' | 'slug', string> = {
  name: 'A category with this name already exists',
  slug: 'A category with this slug already exists',
};

/** 409 naming each unique field that is taken. */
async function assertUnique(db: Knex, fields: { name?: string; slug?: string }, exceptId?: string): Promise<void> {
  const taken = await conflictingFields(db, fields, exceptId);
  if (taken.length) throw conflict(TAKEN[taken[0]], Object.fromEntries(taken.map((f) => [f, [TAKEN[f]]])));
}

/** A unique-index error from a race: find out which field it was, for the form. */
async function uniqueRace(db: Knex, err: unknown, fields: { name?: string; slug?: string }, exceptId?: string): Promise<never> {
  if (isUniqueViolation(err)) await assertUnique(db, fields, exceptId);
  throw err;
}

export function newsCategoryRoutes(db: Knex): Router {
  const router = new Router();
  const adminOnly = requireRole(...ADMINS);

  router.get('/api/news-categories', validateQuery(NewsCategoryListQuery), async (ctx) => {
    const { activeOnly, usedBy } = ctx.state.query;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = (await listNewsCategories(db, { activeOnly, usedBy })).map(presentNewsCategory);
  });

  router.post('/api/admin/news-categories', adminOnly, validateBody(NewsCategoryCreateInput), async (ctx) => {
    const input = ctx.state.body;
    await assertUnique(db, input);
    const row = await insertNewsCategory(db, input).catch((err) => uniqueRace(db, err, input));
    ctx.status = 201;
    ctx.body = presentNewsCategory(row);
  });

  router.patch('/api/admin/news-categories/:id', adminOnly, validateBody(NewsCategoryUpdateInput), async (ctx) => {
    const id = parseId(ctx.params.id, 'Category not found');
    const input = ctx.state.body;
    await assertUnique(db, input, id);
    const row = await updateNewsCategory(db, id, input).catch((err) => uniqueRace(db, err, input, id));
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
