import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import {
  NewsCategoryCreateInput,
  NewsCategoryListQuery,
  NewsCategoryUpdateInput,
} from '../../../contracts/admin';
import { notFound } from '../../errors';
import { ADMINS } from '../../../contracts/constants';
import { currentUser, requireRole } from '../../middleware/auth';
import { changedFields, eventActor, recordEvent } from '../../events/index';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { nameSlugGuard } from '../name-slug/unique';
import { presentNewsCategory, type NewsCategoryRow } from './presenter';
import {
  deleteNewsCategory,
  findNewsCategory,
  insertNewsCategory,
  listNewsCategories,
  updateNewsCategory,
} from './repo';

const TAKEN: Record<'name' | 'slug', string> = {
  name: 'A category with this name already exists',
  slug: 'A category with this slug already exists',
};

/** What the audit log compares when a category is edited. */
const AUDITED = ['name', 'slug', 'description', 'icon', 'color', 'displayOrder', 'isActive'] as const;
const categoryTarget = (row: NewsCategoryRow) => ({ type: 'category' as const, id: row.id, label: row.name });

export function newsCategoryRoutes(db: Knex): Router {
  const router = caseSensitiveRouter();
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
    const row = await db
      .transaction(async (trx) => {
        const created = await insertNewsCategory(trx, input);
        await recordEvent(trx, { type: 'category.created', actor: eventActor(currentUser(ctx)), target: categoryTarget(created), after: { name: created.name, slug: created.slug } });
        return created;
      })
      .catch((err) => unique.race(err, input));
    ctx.status = 201;
    ctx.body = presentNewsCategory(row);
  });

  router.patch('/api/admin/news-categories/:id', adminOnly, validateBody(NewsCategoryUpdateInput), async (ctx) => {
    const id = parseId(ctx.params.id, 'Category not found');
    const input = ctx.state.body;
    await unique.check(input, id);
    const row = await db
      .transaction(async (trx) => {
        const before = await findNewsCategory(trx, id);
        if (!before) return undefined;
        const after = (await updateNewsCategory(trx, id, input))!;
        const changes = changedFields(presentNewsCategory(before), presentNewsCategory(after), AUDITED);
        if (changes) await recordEvent(trx, { type: 'category.updated', actor: eventActor(currentUser(ctx)), target: categoryTarget(after), ...changes });
        return after;
      })
      .catch((err) => unique.race(err, input, id));
    if (!row) throw notFound('Category not found');
    ctx.body = presentNewsCategory(row);
  });

  router.delete('/api/admin/news-categories/:id', adminOnly, async (ctx) => {
    const id = parseId(ctx.params.id, 'Category not found');
    const deleted = await db.transaction(async (trx) => {
      const before = await findNewsCategory(trx, id);
      if (!before || !(await deleteNewsCategory(trx, id))) return false;
      await recordEvent(trx, { type: 'category.deleted', actor: eventActor(currentUser(ctx)), target: categoryTarget(before), before: { name: before.name, slug: before.slug } });
      return true;
    });
    if (!deleted) throw notFound('Category not found');
    ctx.body = { ok: true };
  });

  return router;
}
