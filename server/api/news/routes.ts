import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { ArticleCreateInput, ArticlePatchInput, ArticlePutInput, NewsListQuery } from '../../../contracts/news';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import { requireRole } from '../../middleware/auth';
import { validateBody, validateQuery } from '../../middleware/validate';
import { commentHandlers } from '../comments/handlers';
import { mountCommentRoutes } from '../comments/routes';
import { ARTICLE_COMMENTS } from '../comments/targets';
import { createHandler, deleteHandler, itemId, listHandler, presentOne, updateHandler } from '../content/handlers';
import { contentChangeNotice } from '../content/changes';
import { ARTICLES } from '../content/kinds';
import { mountContentToggles } from '../content/routes';
import type { WriteLimiter } from '../../middleware/write-limits';
import { activeMemberRefs } from '../members/repo';
import { presentMemberRef } from '../members/presenter';
import { presentArticle, presentArticleDetail, presentArticleSummary } from './presenter';
import { articleWrite } from './repo';
import type { SiteInfo } from '../../site';

const editors = requireRole(...CONTENT_EDITORS);

/**
 * /api/news (spec 7 News, except /api/news-categories). Reads are public but drafts exist only
 * for editors and admins. Deleting is allowed to editors as well as admins: the edit page offers
 * it to editors, the detail page only shows it to admins.
 */
export function newsRoutes(db: Knex, limits: WriteLimiter, site: Pick<SiteInfo, 'publicUrl'>): Router {
  const router = caseSensitiveRouter('/api/news');

  // An article becoming published, or featured, tells its author (docs/notifications.md; the actor
  // never is); the toggles and saves are written to the audit log (content/changes.ts).
  const articleNotice = contentChangeNotice(ARTICLES, site);

  // A new comment tells the article's author and anyone it mentions (docs/notifications.md).
  const comments = commentHandlers(db, ARTICLES, ARTICLE_COMMENTS, site);

  // `view=card`: the lists' cards need the summary and reading time, not every full text.
  const card = presentArticleSummary;
  router.get('/', validateQuery(NewsListQuery), listHandler(db, ARTICLES, presentArticle, { card }));
  // The home page's showcase asks for the featured articles and the newest few, not a whole page of
  // full-length articles to pick three from (docs/performance.md, "Home showcase"). Before '/:id'.
  router.get('/featured', validateQuery(NewsListQuery.omit({ archivedOnly: true })), listHandler(db, ARTICLES, presentArticle, { featuredOnly: true, card }));

  router.post('/', editors, validateBody(ArticleCreateInput), createHandler(db, ARTICLES, presentArticleDetail, (b: ArticleCreateInput) => articleWrite(b)));

  mountCommentRoutes(router, comments, limits);

  // The detail page's byline: the author's public name and photo, null when they have no
  // public page (deleted or deactivated). One query more, on the detail only.
  router.get('/:id', async (ctx) => {
    const article = await presentOne(db, ARTICLES, itemId(ctx, ARTICLES), ctx, presentArticleDetail);
    const author = article.authorId ? (await activeMemberRefs(db, [article.authorId])).get(article.authorId) : undefined;
    ctx.body = { ...article, author: author ? presentMemberRef(author) : null };
  });
  router.put('/:id', editors, validateBody(ArticlePutInput), updateHandler(db, ARTICLES, presentArticleDetail, articleWrite, articleNotice));
  router.patch('/:id', editors, validateBody(ArticlePatchInput), updateHandler(db, ARTICLES, presentArticleDetail, articleWrite, articleNotice));
  router.delete('/:id', editors, deleteHandler(db, ARTICLES));

  mountContentToggles(router, db, ARTICLES, presentArticle, articleNotice, limits);

  return router;
}
