import Router from '@koa/router';
import type { Knex } from 'knex';
import {
  ArchiveInput,
  ArticleCreateInput,
  ArticlePatchInput,
  ArticlePutInput,
  CommentCreateInput,
  CommentListQuery,
  ContentStatusInput,
  FeaturedInput,
  NEXT_CURSOR_HEADER,
  NewsListQuery,
} from '../../../contracts/news';
import { CONTENT_EDITORS, LIMITS } from '../../../contracts/constants';
import { toBool, toIso } from '../../db/dialect';
import { forbidden, notFound } from '../../errors';
import { currentUser, requireRole, requireUser } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { acceptedWrittenAt } from '../client-ids';
import { encodeCursor, decodeAscCursor } from '../cursor';
import { createHandler, deleteHandler, findVisibleContent, itemId, listHandler, presentOne, updateHandler, viewerSpecific, type UpdateNotice } from '../content/handlers';
import { ARTICLES } from '../content/kinds';
import { isPublished } from '../content/visibility';
import { archiveColumns, featuredColumns, statusColumns } from '../content/repo';
import { likeHandler } from '../likes/handlers';
import { countsWhenCreated, type WriteLimiter } from '../../middleware/write-limits';
import { authorsByIds } from '../users/repo';
import { activeMemberRefs } from '../members/repo';
import { withMemberNames } from '../members/mentions';
import { presentMemberRef } from '../members/presenter';
import { canDeleteComment } from './policy';
import { presentArticle, presentArticleSummary, presentComment } from './presenter';
import { articleWrite, deleteComment, findComment, insertComment, listComments } from './repo';
import type { Notifier } from '../notifications/notify';

const editors = requireRole(...CONTENT_EDITORS);

/**
 * /api/news (spec 7 News, except /api/news-categories). Reads are public but drafts exist only
 * for editors and admins. Deleting is allowed to editors as well as admins: the edit page offers
 * it to editors, the detail page only shows it to admins.
 */
export function newsRoutes(db: Knex, limits: WriteLimiter, notifier: Notifier): Router {
  const router = new Router({ prefix: '/api/news' });

  // An article becoming published, or featured, tells its author (docs/notifications.md); an
  // editor publishing their own article is not told (the actor never is).
  const articleNotice: UpdateNotice = {
    async inTransaction(ctx, trx, before, columns) {
      const event = { actorId: currentUser(ctx).id, origin: notifier.originFor(ctx), articleId: before.id };
      if (isPublished(columns) && !isPublished(before)) await notifier.notify(trx, { ...event, kind: 'article_published' });
      if (columns.is_featured === true && !toBool(before.is_featured)) await notifier.notify(trx, { ...event, kind: 'article_featured' });
    },
    afterCommit: () => notifier.kick(),
  };

  // `view=card`: the lists' cards need the summary and reading time, not every full text.
  const card = presentArticleSummary;
  router.get('/', validateQuery(NewsListQuery), listHandler(db, ARTICLES, presentArticle, { card }));
  // The home page's showcase asks for the featured articles and the newest few, not a whole page of
  // full-length articles to pick three from (docs/performance.md, "Home showcase"). Before '/:id'.
  router.get('/featured', validateQuery(NewsListQuery.omit({ archivedOnly: true })), listHandler(db, ARTICLES, presentArticle, { featuredOnly: true, card }));

  router.post('/', editors, validateBody(ArticleCreateInput), createHandler(db, ARTICLES, presentArticle, (b: ArticleCreateInput) => articleWrite(b)));

  // Before the '/:id/…' routes, so DELETE /comments/like can never be read as an unlike of 'comments'.
  router.delete('/comments/:commentId', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const comment = await findComment(db, parseId(ctx.params.commentId, 'Comment not found'));
    if (!comment) throw notFound('Comment not found');
    if (!canDeleteComment(user, comment)) throw forbidden('You can only delete your own comments');
    if (!(await deleteComment(db, comment))) throw notFound('Comment not found');
    ctx.body = { ok: true };
  });

  // The detail page's byline: the author's public name and photo, null when they have no
  // public page (deleted or deactivated). One query more, on the detail only.
  router.get('/:id', async (ctx) => {
    const article = await presentOne(db, ARTICLES, itemId(ctx, ARTICLES), ctx, presentArticle);
    const author = article.authorId ? (await activeMemberRefs(db, [article.authorId])).get(article.authorId) : undefined;
    ctx.body = { ...article, author: author ? presentMemberRef(author) : null };
  });
  router.put('/:id', editors, validateBody(ArticlePutInput), updateHandler(db, ARTICLES, presentArticle, articleWrite, articleNotice));
  router.patch('/:id', editors, validateBody(ArticlePatchInput), updateHandler(db, ARTICLES, presentArticle, articleWrite, articleNotice));
  router.delete('/:id', editors, deleteHandler(db, ARTICLES));

  router.patch('/:id/status', editors, validateBody(ContentStatusInput), updateHandler(db, ARTICLES, presentArticle, statusColumns, articleNotice));
  router.patch('/:id/archive', editors, validateBody(ArchiveInput), updateHandler(db, ARTICLES, presentArticle, archiveColumns));
  router.patch('/:id/featured', editors, validateBody(FeaturedInput), updateHandler(db, ARTICLES, presentArticle, featuredColumns, articleNotice));

  router.post('/:id/like', limits.limit('like'), likeHandler(db, ARTICLES, 'like'));
  router.delete('/:id/like', limits.limit('like'), likeHandler(db, ARTICLES, 'unlike'));

  // Anyone who can see the article can read its comments: one query for the article, one for
  // the page of comments, one for their authors.
  router.get('/:id/comments', validateQuery(CommentListQuery), async (ctx) => {
    const { limit, after } = ctx.state.query;
    const article = await findVisibleContent(db, ARTICLES, itemId(ctx, ARTICLES), ctx.state.user);
    const rows = await listComments(db, article.id, limit, after ? decodeAscCursor(after, 'after') : undefined);
    const page = rows.slice(0, limit);
    if (rows.length > limit) {
      const last = page[page.length - 1];
      ctx.set(NEXT_CURSOR_HEADER, encodeCursor([toIso(last.created_at)!, last.id]));
    }
    const authors = await authorsByIds(db, page.map((c) => c.author_id));
    viewerSpecific(ctx);
    ctx.body = page.map((c) => presentComment(c, authors));
  });

  router.post('/:id/comments', requireUser, validateBody(CommentCreateInput), limits.limit('comment', { counts: countsWhenCreated }), async (ctx) => {
    const user = currentUser(ctx);
    const { id, writtenAt } = ctx.state.body;
    const article = await findVisibleContent(db, ARTICLES, itemId(ctx, ARTICLES), user);
    const content = await withMemberNames(db, ctx.state.body.content, { max: LIMITS.commentMax, noun: 'Comment' });
    const origin = notifier.originFor(ctx);
    const comment = await insertComment(db, article.id, user.id, content, { id, writtenAt: acceptedWrittenAt(writtenAt, user.row) }, async (trx, row) => {
      await notifier.notify(trx, { kind: 'comment', actorId: user.id, origin, commentId: row.id, articleId: article.id, content: row.content });
    });
    if (!comment) throw notFound(ARTICLES.notFoundMessage);
    if (comment.created) notifier.kick();
    // 201 when this request wrote it; 200 when its client id had already been posted (a replay).
    ctx.status = comment.created ? 201 : 200;
    ctx.body = presentComment(comment, await authorsByIds(db, [user.id]));
  });

  return router;
}
