import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { ReadingListPatchInput, ReadingListRemoveQuery, ReadingListSaveInput } from '../../../contracts/reading-list';
import { notFound } from '../../errors';
import { currentUser, requireUser, type CurrentUser } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { canKeep } from './policy';
import { presentEntry, presentItem } from './presenter';
import { findArticle, hasEntry, listReadingList, removeEntry, saveEntry, updateProgress } from './repo';

const ARTICLE_NOT_FOUND = 'Article not found';

/**
 * /api/reading-list (docs/offline.md, "Reading list across devices"): the signed-in
 * member's own list, never anyone else's (every query is keyed by the session's user). Writes carry
 * the device time of the change and merge by it (repo.ts), so they are idempotent and replay in any
 * order; the outbox also sends an Idempotency-Key.
 */
export function readingListRoutes(db: Knex): Router {
  const router = caseSensitiveRouter('/api/reading-list');

  router.get('/', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const rows = await listReadingList(db, user.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = rows.map((row) => presentItem(row, canKeep(user, row)));
  });

  router.put('/:articleId', requireUser, validateBody(ReadingListSaveInput), async (ctx) => {
    const user = currentUser(ctx);
    const article = await findArticle(db, parseId(ctx.params.articleId, ARTICLE_NOT_FOUND));
    if (!article || !canKeep(user, article)) throw notFound(ARTICLE_NOT_FOUND);
    ctx.body = presentEntry(await saveEntry(db, user.id, article, ctx.state.body.changedAt));
  });

  /**
   * Removing and progress are accepted for an article the member may open or one already on their
   * list (its article may have gone since: the note is removed like any entry); anything else is 404.
   */
  async function existing(user: CurrentUser, rawId: string | undefined) {
    const articleId = parseId(rawId, ARTICLE_NOT_FOUND);
    const article = await findArticle(db, articleId);
    const visible = canKeep(user, article);
    if (!visible && !(await hasEntry(db, user.id, articleId))) throw notFound(ARTICLE_NOT_FOUND);
    return { articleId, title: visible ? article!.title : undefined };
  }

  router.delete('/:articleId', requireUser, validateQuery(ReadingListRemoveQuery), async (ctx) => {
    const user = currentUser(ctx);
    const { articleId, title } = await existing(user, ctx.params.articleId);
    ctx.body = presentEntry(await removeEntry(db, user.id, articleId, title, ctx.state.query.changedAt));
  });

  router.patch('/:articleId', requireUser, validateBody(ReadingListPatchInput), async (ctx) => {
    const user = currentUser(ctx);
    const { articleId, title } = await existing(user, ctx.params.articleId);
    ctx.body = presentEntry(await updateProgress(db, user.id, articleId, title, ctx.state.body));
  });

  return router;
}
