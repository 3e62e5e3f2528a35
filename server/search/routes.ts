import Router from '@koa/router';
import type { Knex } from 'knex';
import { SearchQuery, type SearchKind, type SearchResponse } from '../../contracts/search';
import { viewerSpecific } from '../api/content/handlers';
import { canSeeDrafts } from '../api/content/policy';
import { validateQuery } from '../middleware/validate';
import { search } from './index';
import { highlightTitle, queryTerms, snippet } from './terms';

/** The page that shows an item: articles and discussions have their own, the rest their list. */
const PAGE: Record<SearchKind, (id: string) => string> = {
  article: (id) => `/news/${id}`,
  podcast: () => '/podcasts',
  discussion: (id) => `/forums/${id}`,
  resource: () => '/resources',
};

/** GET /api/search?q=&limit= — public; drafts only for editors and admins (issue 10). */
export function searchRoutes(db: Knex): Router {
  const router = new Router({ prefix: '/api/search' });
  router.get('/', validateQuery(SearchQuery), async (ctx) => {
    const { q, limit } = ctx.state.query as SearchQuery;
    const terms = queryTerms(q);
    const hits = await search(db, { terms, limit, withDrafts: canSeeDrafts(ctx.state.user) });
    viewerSpecific(ctx);
    const body: SearchResponse = {
      results: hits.map((h) => ({
        kind: h.kind,
        id: h.id,
        url: PAGE[h.kind](h.id),
        title: highlightTitle(h.title, terms),
        snippet: snippet(h.body, terms),
        isDraft: h.draft,
      })),
    };
    ctx.body = body;
  });
  return router;
}
