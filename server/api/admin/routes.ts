import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import path from 'node:path';
import { SEED_MESSAGES, SeedDatabaseInput, type RebuildPreview, type SeedDatabaseResponse } from '../../../contracts/admin';
import { ADMINS } from '../../../contracts/constants';
import { HttpError, unprocessable } from '../../errors';
import { currentUser, requireRole } from '../../middleware/auth';
import { validateBody } from '../../middleware/validate';
import type { ObjectStorage } from '../../storage/index';
import { eventActor } from '../../events/index';
import { countRebuildTargets, rebuildSampleData } from './repo';

/** What the rebuild needs besides the database: whether it is allowed here, and the backup it writes first. */
export interface SampleRebuildDeps {
  siteName: string;
  /** False in production unless ALLOW_SAMPLE_REBUILD=true. */
  allowed: boolean;
  /** Writes a snapshot as `npm run backup` does and returns its directory; undefined when this server has no target. */
  backup?: () => Promise<string>;
  onError: (err: unknown) => void;
  clock?: () => number;
}

const rebuildDisabled = () => new HttpError(403, 'rebuild_disabled', SEED_MESSAGES.disabled);
/** 503: a condition of the server (disk, permissions, pg_dump), not of the request; nothing was deleted. */
const backupFailed = () => new HttpError(503, 'backup_failed', SEED_MESSAGES.backupFailed);

export function adminRoutes(db: Knex, storage: ObjectStorage, rebuild: SampleRebuildDeps): Router {
  const router = caseSensitiveRouter();
  const adminOnly = requireRole(...ADMINS);
  const allowedHere: Koa.Middleware = async (_ctx, next) => {
    if (!rebuild.allowed) throw rebuildDisabled();
    await next();
  };

  // What a forced rebuild would delete, and the name the admin must type to confirm it.
  router.get('/api/admin/seed-database', adminOnly, allowedHere, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const body: RebuildPreview = { siteName: rebuild.siteName, counts: await countRebuildTargets(db) };
    ctx.body = body;
  });

  router.post('/api/admin/seed-database', adminOnly, allowedHere, validateBody(SeedDatabaseInput), async (ctx) => {
    const { force, confirmName } = ctx.state.body;
    let backup: string | undefined;
    if (force) {
      if ((confirmName ?? '').trim() !== rebuild.siteName.trim()) {
        throw unprocessable(SEED_MESSAGES.wrongName, { confirmName: [SEED_MESSAGES.wrongName] });
      }
      // Before anything is deleted; without a snapshot nothing is.
      if (!rebuild.backup) throw backupFailed();
      try {
        backup = path.basename(await rebuild.backup());
      } catch (err) {
        rebuild.onError(err);
        throw backupFailed();
      }
    }
    const result = await rebuildSampleData(db, { force, storage, actor: eventActor(currentUser(ctx)), now: rebuild.clock });
    const body: SeedDatabaseResponse =
      result.kind === 'already-seeded'
        ? { alreadySeeded: true, message: SEED_MESSAGES.alreadySeeded }
        : { alreadySeeded: false, message: SEED_MESSAGES.seeded, ...(backup && { backup }), ...(result.deleted && { deleted: result.deleted }) };
    ctx.body = body;
  });

  return router;
}
