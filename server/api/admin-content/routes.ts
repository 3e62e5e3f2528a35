import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { AdminContentBulkInput, AdminContentQuery, type AdminContentAction, type AdminContentKind } from '../../../contracts/admin-content';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import { HttpError } from '../../errors';
import { currentUser, requireRole } from '../../middleware/auth';
import { validateBody, validateQuery } from '../../middleware/validate';
import { authorsByIds } from '../users/repo';
import { eventActor } from '../../events/index';
import { recordContentChange } from '../content/changes';
import { viewerSpecific } from '../content/handlers';
import { ARTICLES, PODCASTS, type ContentKind } from '../content/kinds';
import { bulkChangeContent, loadRelations } from '../content/repo';
import { originOf, type SiteInfo } from '../../site';
import { presentAdminContentRow } from './presenter';
import { countAdminContent, listAdminContent } from './repo';

const editors = requireRole(...CONTENT_EDITORS);

const KINDS: Record<AdminContentKind, ContentKind> = { article: ARTICLES, episode: PODCASTS };

/**
 * The columns each bulk action writes, as the single toggles write them. Publishing also clears a
 * publish time: the item is out now, and the publishing job must not find it again.
 */
const ACTION_COLUMNS: Record<Exclude<AdminContentAction, 'delete'>, Record<string, unknown>> = {
  publish: { status: 'published', scheduled_at: null },
  unpublish: { status: 'draft' },
  archive: { is_archived: true },
  unarchive: { is_archived: false },
};

/**
 * /api/admin/content: the editors' and admins' list of articles or episodes in status tabs, and
 * their bulk actions. Each item of a bulk action changes through the same rules as a single toggle
 * or delete (content/changes.ts: the audit log and the author's notifications), in one transaction.
 * Search documents follow by themselves (the index is built from the rows), and the caches and
 * rendered pages empty after any successful write to /api (middleware/response-cache.ts).
 */
export function adminContentRoutes(db: Knex, site: Pick<SiteInfo, 'publicUrl'>): Router {
  const router = caseSensitiveRouter('/api/admin/content');

  // One query for the page, one grouped query for the tab counts, one each for categories, shows and authors.
  router.get('/', editors, validateQuery(AdminContentQuery), async (ctx) => {
    const { kind: kindName, ...filter } = ctx.state.query;
    const kind = KINDS[kindName];
    const [rows, counts] = await Promise.all([listAdminContent(db, kind, filter), countAdminContent(db, kind, filter)]);
    const [rel, authors] = await Promise.all([loadRelations(db, kind, rows), authorsByIds(db, rows.map((r) => r.author_id))]);
    viewerSpecific(ctx);
    ctx.body = {
      rows: rows.map((row) => presentAdminContentRow(row, rel, authors)),
      page: filter.page,
      limit: filter.limit,
      total: counts[filter.status],
      counts,
    };
  });

  router.post('/bulk', editors, validateBody(AdminContentBulkInput), async (ctx) => {
    const { kind: kindName, ids, action } = ctx.state.body;
    const kind = KINDS[kindName];
    const actor = eventActor(currentUser(ctx));
    const origin = originOf(ctx, site);
    const result =
      action === 'delete'
        ? await bulkChangeContent(db, kind, ids, 'delete', undefined, { actor })
        : await bulkChangeContent(db, kind, ids, ACTION_COLUMNS[action], (trx, before) =>
            recordContentChange(trx, kind, { actor, origin, before, columns: ACTION_COLUMNS[action] }),
          );
    if ('ids' in result) {
      throw new HttpError(404, 'not_found', `${kind.notFoundMessage}: ${result.ids.join(', ')}`, { ids: result.ids });
    }
    ctx.body = { changed: result.changed };
  });

  return router;
}
