import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import { ArticlePatchInput } from '../../../contracts/news';
import { PodcastPatchInput } from '../../../contracts/podcasts';
import { conflict, notFound } from '../../errors';
import { currentUser, requireRole } from '../../middleware/auth';
import { parseId } from '../../middleware/validate';
import { eventActor, recordEvent } from '../../events/index';
import { auditTargetType } from '../content/changes';
import { itemId, presentOne, type Present } from '../content/handlers';
import { ARTICLES, PODCASTS, type ContentKind } from '../content/kinds';
import { findContent, updateContent, type ContentRow, type ContentWrite } from '../content/repo';
import { presentArticle } from '../news/presenter';
import { articleWrite } from '../news/repo';
import { presentPodcast } from '../podcasts/presenter';
import { podcastWrite } from '../podcasts/repo';
import { presentRevision, presentRevisionSummary } from './presenter';
import { findRevision, listRevisions, revisionData, revisionTime } from './repo';

const editors = requireRole(...CONTENT_EDITORS);
const REVISION_NOT_FOUND = 'Revision not found';
const CANNOT_RESTORE = 'This version can no longer be restored: a category or field it names is no longer valid';

/** A revision's fields as the kind's update columns, or undefined when they no longer validate. */
type Restorer = (data: Record<string, unknown>) => ContentWrite | undefined;

const restoreArticle: Restorer = (data) => {
  const input = ArticlePatchInput.safeParse(data);
  return input.success ? articleWrite(input.data) : undefined;
};

const restoreEpisode: Restorer = (data) => {
  const input = PodcastPatchInput.safeParse(data);
  if (!input.success) return undefined;
  // The file's length and type are not client input: they come back with the file they describe.
  const file = { audioBytes: (data.audioBytes as number | null | undefined) ?? null, audioType: (data.audioType as string | null | undefined) ?? null };
  return podcastWrite({ ...input.data, ...file });
};

/**
 * GET …/:id/revisions, GET …/:id/revisions/:revisionId and POST …/:revisionId/restore for articles
 * (/api/news) and episodes (/api/podcasts): editors and admins only. Restoring writes the old
 * fields as the current ones, which is itself a new revision, and an audit entry.
 */
export function revisionRoutes(db: Knex): Router[] {
  return [kindRoutes(db, '/api/news', ARTICLES, presentArticle, restoreArticle), kindRoutes(db, '/api/podcasts', PODCASTS, presentPodcast, restoreEpisode)];
}

function kindRoutes<R extends ContentRow, T>(db: Knex, prefix: string, kind: ContentKind, present: Present<R, T>, restore: Restorer): Router {
  const router = caseSensitiveRouter(prefix);

  /** The item must exist (drafts included: only editors get here). */
  const existingItem = async (ctx: Koa.Context) => {
    const id = itemId(ctx, kind);
    if (!(await findContent(db, kind, id))) throw notFound(kind.notFoundMessage);
    return id;
  };
  const revisionOf = async (ctx: Koa.Context, id: string) => {
    const row = await findRevision(db, kind, id, parseId(ctx.params.revisionId, REVISION_NOT_FOUND));
    if (!row) throw notFound(REVISION_NOT_FOUND);
    return row;
  };

  router.get('/:id/revisions', editors, async (ctx) => {
    const id = await existingItem(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listRevisions(db, kind, id)).map(presentRevisionSummary);
  });

  router.get('/:id/revisions/:revisionId', editors, async (ctx) => {
    const id = await existingItem(ctx);
    const row = await revisionOf(ctx, id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentRevision(row);
  });

  router.post('/:id/revisions/:revisionId/restore', editors, async (ctx) => {
    const id = await existingItem(ctx);
    const row = await revisionOf(ctx, id);
    const write = restore(revisionData(row));
    if (!write) throw conflict(CANNOT_RESTORE);
    const actor = eventActor(currentUser(ctx));
    const restored = (trx: Knex.Transaction, before: ContentRow) =>
      recordEvent(trx, {
        type: 'revision.restored',
        actor,
        target: { type: auditTargetType(kind), id, label: before.title },
        before: { title: before.title },
        after: { revisionId: row.id, revisionOf: revisionTime(row), title: write.columns.title ?? before.title },
      });
    const result = await updateContent(db, kind, id, write.columns, write.categoryIds, restored, { actor });
    if (result === 'not_found') throw notFound(kind.notFoundMessage);
    if (result !== 'updated') throw conflict(CANNOT_RESTORE);
    ctx.body = await presentOne(db, kind, id, ctx, present);
  });

  return router;
}
