import type Router from '@koa/router';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import { ArchiveInput, ContentStatusInput, FeaturedInput } from '../../../contracts/news';
import type { Knex } from 'knex';
import { requireRole } from '../../middleware/auth';
import { validateBody } from '../../middleware/validate';
import type { WriteLimiter } from '../../middleware/write-limits';
import { likeHandler } from '../likes/handlers';
import { updateHandler, type Present } from './handlers';
import type { UpdateNotice } from './changes';
import type { ContentKind } from './kinds';
import { archiveColumns, featuredColumns, statusColumns, type ContentRow } from './repo';

/**
 * The toggles an article and an episode share: status, archive and featured for editors (each
 * answered with the item and passed to `notice`), and like/unlike for anyone who can see it.
 */
export function mountContentToggles<R extends ContentRow, T>(
  router: Router,
  db: Knex,
  kind: ContentKind,
  present: Present<R, T>,
  notice: UpdateNotice,
  limits: WriteLimiter,
): void {
  const editors = requireRole(...CONTENT_EDITORS);
  router.patch('/:id/status', editors, validateBody(ContentStatusInput), updateHandler(db, kind, present, statusColumns, notice));
  router.patch('/:id/archive', editors, validateBody(ArchiveInput), updateHandler(db, kind, present, archiveColumns, notice));
  router.patch('/:id/featured', editors, validateBody(FeaturedInput), updateHandler(db, kind, present, featuredColumns, notice));

  router.post('/:id/like', limits.limit('like'), likeHandler(db, kind, 'like'));
  router.delete('/:id/like', limits.limit('like'), likeHandler(db, kind, 'unlike'));
}
