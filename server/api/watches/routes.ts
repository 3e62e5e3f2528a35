import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { WatchInput, type Watch } from '../../../contracts/watches';
import { notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { parseId, validateBody } from '../../middleware/validate';
import { categoryExists, findDiscussion } from '../forums/repo';
import { canOpen } from '../content/visibility';
import * as repo from './repo';
import { discussionLevel } from './policy';

const DISCUSSION_NOT_FOUND = 'Discussion not found';
const CATEGORY_NOT_FOUND = 'Category not found';

/**
 * Watch / Normal / Mute (docs/notifications.md, "Watching"): the signed-in member's own level for a
 * discussion they may see, or for a forum category. PUT is idempotent (safe to replay from the outbox).
 */
export function watchRoutes(db: Knex): Router {
  const router = caseSensitiveRouter('/api/forum');

  async function visibleDiscussion(ctx: Koa.Context) {
    const row = await findDiscussion(db, parseId(ctx.params.id, DISCUSSION_NOT_FOUND));
    if (!canOpen(ctx.state.user, 'discussion', row)) throw notFound(DISCUSSION_NOT_FOUND);
    return row;
  }

  async function knownCategory(ctx: Koa.Context): Promise<string> {
    const id = parseId(ctx.params.id, CATEGORY_NOT_FOUND);
    if (!(await categoryExists(db, id))) throw notFound(CATEGORY_NOT_FOUND);
    return id;
  }

  const noStore = (ctx: Koa.Context) => ctx.set('Cache-Control', 'no-store');

  /** The member's level for the discussion and whether they chose it. */
  async function discussionWatch(userId: string, d: { id: string; author_id: string | null; category_id: string | null }): Promise<Watch> {
    const { own, category } = await repo.watchChoices(db, userId, d);
    return { level: discussionLevel({ own, isAuthor: d.author_id === userId, category }), chosen: own !== undefined };
  }

  router.get('/discussions/:id/watch', requireUser, async (ctx) => {
    const d = await visibleDiscussion(ctx);
    noStore(ctx);
    ctx.body = await discussionWatch(currentUser(ctx).id, d);
  });

  router.put('/discussions/:id/watch', requireUser, validateBody(WatchInput), async (ctx) => {
    const d = await visibleDiscussion(ctx);
    const userId = currentUser(ctx).id;
    await repo.setDiscussionLevel(db, userId, d.id, ctx.state.body.level);
    ctx.body = await discussionWatch(userId, d);
  });

  router.get('/categories/:id/watch', requireUser, async (ctx) => {
    const id = await knownCategory(ctx);
    const level = await repo.categoryLevel(db, currentUser(ctx).id, id);
    noStore(ctx);
    ctx.body = { level: level ?? 'normal', chosen: level !== undefined } satisfies Watch;
  });

  router.put('/categories/:id/watch', requireUser, validateBody(WatchInput), async (ctx) => {
    const id = await knownCategory(ctx);
    await repo.setCategoryLevel(db, currentUser(ctx).id, id, ctx.state.body.level);
    ctx.body = { level: ctx.state.body.level, chosen: true } satisfies Watch;
  });

  return router;
}
