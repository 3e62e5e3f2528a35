import type Koa from 'koa';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { NEXT_CURSOR_HEADER } from '../../../contracts/constants';
import { scheduleProblem, type ContentListQuery } from '../../../contracts/news';
import { badRequest, notFound, unprocessable } from '../../errors';
import { currentUser, type CurrentUser } from '../../middleware/auth';
import { parseId, type WithBody, type WithQuery } from '../../middleware/validate';
import { decodeListCursor } from '../cursor';
import type { ContentKind } from './kinds';
import { eventActor } from '../../events/index';
import type { UpdateNotice } from './changes';
import { canOpen, isListedPublicly, isStaff } from './visibility';
import {
  createContent,
  deleteContent,
  findContent,
  listContent,
  loadRelations,
  updateContent,
  type ContentRow,
  type ContentWrite,
  type Relations,
  type UnusableCategories,
} from './repo';

/*
 * Handler bodies that articles and episodes share; each resource's routes.ts still spells out
 * its own chain (path, role, body schema) and passes its presenter. Here the repo's answers meet
 * policy and become HTTP errors.
 */

/** `detail`: the presenter shows the kind's detailColumns (the item's own answer), so they are read. */
export type Present<R extends ContentRow, T> = ((row: R, rel: Relations) => T) & { detail?: boolean };

/** Responses depend on who asks (drafts, `liked`): never kept by shared caches. */
export function viewerSpecific(ctx: Koa.Context): void {
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.vary('Cookie');
}

/**
 * A draft or archived item is in the answer: kept nowhere, neither by the browser, the service
 * worker nor the server's response cache (it skips no-store), so a preview never outlives the
 * editor's session or shows to someone else on a shared device.
 */
function unstored(ctx: Koa.Context): void {
  ctx.set('Cache-Control', 'no-store');
}

/** A publish time the server will not keep (past, or too far ahead): 422 under the field. */
function refuseSchedule(columns: Record<string, unknown>): void {
  const problem = scheduleProblem(columns.scheduled_at, Date.now());
  if (problem) throw unprocessable(problem, { scheduledAt: [problem] });
}

/** GET list: one query for the page, one for categories, one for the viewer's likes (and one for episodes' shows). */
export function listHandler<R extends ContentRow, T>(
  db: Knex,
  kind: ContentKind,
  present: Present<R, T>,
  opts: {
    featuredOnly?: boolean;
    /** Equality filters on the item's columns, from what earlier middleware resolved. */
    where?: (ctx: Koa.Context) => Record<string, string> | undefined;
    /** The presenter for `view=card` (NewsListQuery), when the resource has a lighter card shape. */
    card?: Present<R, unknown>;
  } = {},
): WithQuery<Omit<ContentListQuery, 'archivedOnly'> & { archivedOnly?: boolean; view?: 'card' }> {
  return async (ctx) => {
    const query = ctx.state.query;
    const viewer = ctx.state.user;
    const page = await listContent<R>(db, kind, {
      withDrafts: isStaff(viewer),
      limit: query.limit,
      categoryIds: query.categories,
      // The featured strip never shows archived items.
      archivedOnly: opts.featuredOnly ? false : (query.archivedOnly ?? false),
      featuredOnly: opts.featuredOnly,
      where: opts.where?.(ctx),
      before: query.before ? decodeListCursor(query.before, 'before') : undefined,
      viewerId: viewer?.id,
    });
    const rel = await loadRelations(db, kind, page.rows);
    viewerSpecific(ctx);
    if (page.rows.some((row) => !isListedPublicly(kind.post, row))) unstored(ctx);
    if (page.nextCursor) ctx.set(NEXT_CURSOR_HEADER, page.nextCursor);
    const presentRow = opts.card && query.view === 'card' ? opts.card : present;
    ctx.body = page.rows.map((row) => presentRow(row, rel));
  };
}

/** The item if this viewer may see it; a draft is "not found" for anyone but editors and admins. */
export async function findVisibleContent<R extends ContentRow>(
  db: Knex,
  kind: ContentKind,
  id: string,
  viewer: CurrentUser | undefined,
  detail = false,
): Promise<R> {
  const row = await findContent<R>(db, kind, id, viewer?.id, detail);
  if (!canOpen(viewer, kind.post, row)) throw notFound(kind.notFoundMessage);
  return row;
}

/** A category refusal as the 400 the forms show under the categories field. */
function unusableCategories({ ids }: UnusableCategories) {
  const message = `Unknown or inactive category: ${ids.join(', ')}`;
  return badRequest(message, { categoryIds: [message] });
}

/** One item as this viewer sees it (404 for a draft unless editor/admin). */
export async function presentOne<R extends ContentRow, T>(
  db: Knex,
  kind: ContentKind,
  id: string,
  ctx: Koa.Context,
  present: Present<R, T>,
): Promise<T> {
  const viewer = ctx.state.user;
  const row = await findVisibleContent<R>(db, kind, id, viewer, present.detail);
  viewerSpecific(ctx);
  if (!isListedPublicly(kind.post, row)) unstored(ctx);
  return present(row, await loadRelations(db, kind, [row]));
}

/** The `:id` path parameter; malformed ids are 404 with the kind's message. */
export function itemId(ctx: Koa.Context, kind: ContentKind): string {
  return parseId(ctx.params.id, kind.notFoundMessage);
}

/** PUT/PATCH and the status/archive/featured toggles: write, then answer with the item. */
export function updateHandler<B, R extends ContentRow, T>(
  db: Knex,
  kind: ContentKind,
  present: Present<R, T>,
  toWrite: (body: B) => ContentWrite,
  notice?: UpdateNotice,
): WithBody<B> {
  return async (ctx) => {
    const id = itemId(ctx, kind);
    // The route's validateBody put a B here (the router types it through).
    const { columns, categoryIds } = toWrite(ctx.state.body);
    refuseSchedule(columns);
    const hook = notice && ((trx: Knex.Transaction, before: ContentRow) => notice.inTransaction(ctx, trx, before, columns));
    const result = await updateContent(db, kind, id, columns, categoryIds, hook, { actor: eventActor(currentUser(ctx)) });
    if (result === 'not_found') throw notFound(kind.notFoundMessage);
    if (result !== 'updated') throw unusableCategories(result);
    ctx.body = await presentOne(db, kind, id, ctx, present);
  };
}

/** POST: insert the item and its links in one transaction, answer 201 with the item. */
export function createHandler<B extends { categoryIds: string[] }, R extends ContentRow, T>(
  db: Knex,
  kind: ContentKind,
  present: Present<R, T>,
  toWrite: (body: B) => ContentWrite,
): WithBody<B> {
  return async (ctx) => {
    // The route's validateBody put a B here; create schemas require categoryIds.
    const body = ctx.state.body;
    const { columns } = toWrite(body);
    refuseSchedule(columns);
    const { categoryIds } = body;
    const id = uuidv7();
    const status = (columns.status as string | undefined) ?? 'published';
    const result = await createContent(db, kind, { ...columns, id, status, author_id: currentUser(ctx).id }, categoryIds, { actor: eventActor(currentUser(ctx)) });
    if (result !== 'created') throw unusableCategories(result);
    ctx.status = 201;
    ctx.body = await presentOne(db, kind, id, ctx, present);
  };
}

/** DELETE: the item, its links and likes in one transaction; the audit log records who deleted it. */
export function deleteHandler(db: Knex, kind: ContentKind): Koa.Middleware {
  return async (ctx) => {
    if (!(await deleteContent(db, kind, itemId(ctx, kind), { actor: eventActor(currentUser(ctx)) }))) throw notFound(kind.notFoundMessage);
    ctx.body = { ok: true };
  };
}
