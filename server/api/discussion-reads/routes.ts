import type Router from '@koa/router';
import type { Knex } from 'knex';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import { notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { parseId } from '../../middleware/validate';
import { findDiscussion } from '../forums/repo';
import { canOpen } from '../content/visibility';
import { now } from '../../db/dialect';
import type { DiscussionRead } from '../../../contracts/home';
import { markRead } from './repo';

const DISCUSSION_NOT_FOUND = 'Discussion not found';

/**
 * The member opened a discussion: its replies so far are read (the home's unread counts,
 * docs/home.md "Unread"). PUT is idempotent, so a repeat or a late replay changes nothing.
 */
export function discussionReadRoutes(db: Knex): Router {
  const router = caseSensitiveRouter('/api/forum');

  router.put('/discussions/:id/read', requireUser, async (ctx) => {
    const row = await findDiscussion(db, parseId(ctx.params.id, DISCUSSION_NOT_FOUND));
    if (!canOpen(ctx.state.user, 'discussion', row)) throw notFound(DISCUSSION_NOT_FOUND);
    const lastReadAt = await markRead(db, currentUser(ctx).id, row.id, now());
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { discussionId: row.id, lastReadAt } satisfies DiscussionRead;
  });

  return router;
}
