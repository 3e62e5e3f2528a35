import type Router from '@koa/router';
import { caseSensitiveRouter } from '../middleware/canonical-path';
import type { Knex } from 'knex';
import { SearchQuery, type SearchResponse } from '../../contracts/search';
import { viewerSpecific } from '../api/content/handlers';
import { isStaff } from '../api/content/visibility';
import { validateQuery } from '../middleware/validate';
import { search } from './index';
import { highlightTitle, queryTerms, SEARCH_PAGE, snippet } from '../../contracts/search-terms';

/** GET /api/search?q=&limit= — public; drafts only for editors and admins. */
export function searchRoutes(db: Knex): Router {
  const router = caseSensitiveRouter('/api/search');
  router.get('/', validateQuery(SearchQuery), async (ctx) => {
    const { q, limit } = ctx.state.query;
    const terms = queryTerms(q);
    const hits = await search(db, { terms, limit, withDrafts: isStaff(ctx.state.user) });
    viewerSpecific(ctx);
    const body: SearchResponse = {
      results: hits.map((h) => ({
        kind: h.kind,
        id: h.id,
        url: SEARCH_PAGE[h.kind](h.id),
        title: highlightTitle(h.title, terms),
        snippet: snippet(h.body, terms),
        isDraft: h.draft,
      })),
    };
    ctx.body = body;
  });
  return router;
}
