import type Router from '@koa/router';
import { CommentCreateInput, CommentEditInput, CommentListQuery } from '../../../contracts/comments';
import { requireUser } from '../../middleware/auth';
import { validateBody, validateQuery } from '../../middleware/validate';
import { countsWhenCreated, type WriteLimiter } from '../../middleware/write-limits';
import type { commentHandlers } from './handlers';

/**
 * The comment routes of one kind of content, on that kind's router (/api/news, /api/podcasts): the
 * same validation and write limits for both. Mounted before the kind's '/:id' routes, so DELETE
 * /comments/like can never be read as an unlike of an item called 'comments'.
 */
export function mountCommentRoutes(router: Router, comments: ReturnType<typeof commentHandlers>, limits: WriteLimiter): void {
  router.delete('/comments/:commentId', requireUser, comments.remove);
  router.patch('/comments/:commentId', requireUser, validateBody(CommentEditInput), limits.limit('comment'), comments.edit);
  router.get('/comments/:commentId/edits', requireUser, comments.history);

  router.get('/:id/comments', validateQuery(CommentListQuery), comments.list);
  router.post('/:id/comments', requireUser, validateBody(CommentCreateInput), limits.limit('comment', { counts: countsWhenCreated }), comments.create);
}
