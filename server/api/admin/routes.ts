import Router from '@koa/router';
import type { Knex } from 'knex';
import { SEED_MESSAGES, SeedDatabaseInput, type SeedDatabaseResponse } from '../../../contracts/admin';
import { ADMINS } from '../../../contracts/constants';
import { requireRole } from '../../middleware/auth';
import { validateBody } from '../../middleware/validate';
import type { ObjectStorage } from '../../storage/index';
import { rebuildSampleData } from './repo';

export function adminRoutes(db: Knex, storage: ObjectStorage): Router {
  const router = new Router();

  router.post('/api/admin/seed-database', requireRole(...ADMINS), validateBody(SeedDatabaseInput), async (ctx) => {
    const { force } = ctx.state.body;
    const result = await rebuildSampleData(db, { force, storage });
    const body: SeedDatabaseResponse =
      result === 'already-seeded'
        ? { alreadySeeded: true, message: SEED_MESSAGES.alreadySeeded }
        : { alreadySeeded: false, message: SEED_MESSAGES.seeded };
    ctx.body = body;
  });

  return router;
}
