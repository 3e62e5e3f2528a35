import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { CONTENT_EDITORS, NEXT_CURSOR_HEADER } from '../../../contracts/constants';
import { ModerationActionInput, QueueQuery, type QueueItem } from '../../../contracts/moderation';
import type { AuditTargetType } from '../../../contracts/audit';
import { eventActor, recordEvent } from '../../events/index';
import { toIso } from '../../db/dialect';
import { conflict, notFound, unprocessable } from '../../errors';
import { currentUser, requireRole } from '../../middleware/auth';
import { validateBody, validateQuery } from '../../middleware/validate';
import { decodeAscCursor, encodeCursor } from '../cursor';
import { originOf, type SiteInfo } from '../../site';
import { authorsByIds } from '../users/repo';
import { presentQueueItem } from './presenter';
import { countQueue, itemsOf, listQueue, moderate, openReportsOf, type ItemRow } from './repo';
import { MODERATION_TARGETS, TARGET_LIST, targetOfReport } from './targets';

const editors = requireRole(...CONTENT_EDITORS);

const AUDIT_TYPES: Record<keyof typeof MODERATION_TARGETS, AuditTargetType> = {
  article_comment: 'comment',
  episode_comment: 'comment',
  reply: 'reply',
  discussion: 'discussion',
  member: 'user',
};

/**
 * The moderation queue, for editors and admins: reported items with their open reports,
 * and what a moderator decides about each (hide, restore, delete, dismiss).
 */
export function moderationRoutes(db: Knex, site: Pick<SiteInfo, 'publicUrl'>): Router {
  const router = caseSensitiveRouter('/api/moderation');

  router.get('/queue', editors, validateQuery(QueueQuery), async (ctx) => {
    const { limit, after } = ctx.state.query;
    const groups = await listQueue(db, limit + 1, after ? decodeAscCursor(after, 'after') : undefined);
    const page = groups.slice(0, limit);
    const keys = page.map((g) => targetOfReport(g as unknown as Record<string, unknown>));
    if (groups.length > limit) {
      const last = page[page.length - 1];
      ctx.set(NEXT_CURSOR_HEADER, encodeCursor([toIso(last.latest)!, keys[keys.length - 1].id]));
    }
    const reports = await openReportsOf(db, keys);
    const items = new Map<string, ItemRow>();
    for (const t of TARGET_LIST) {
      for (const row of await itemsOf(db, t, keys.filter((k) => k.target === t).map((k) => k.id))) items.set(row.id, row);
    }
    const people = await authorsByIds(db, [...reports.map((r) => r.reporter_id), ...[...items.values()].map((i) => i.author_id)]);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = page.map((g, i): QueueItem =>
      presentQueueItem(g, reports.filter((r) => targetOfReport(r as unknown as Record<string, unknown>).id === keys[i].id), items, people),
    );
  });

  router.get('/count', editors, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { open: await countQueue(db) };
  });

  router.post('/actions', editors, validateBody(ModerationActionInput), async (ctx) => {
    const user = currentUser(ctx);
    const { target, action, note } = ctx.state.body;
    const kind = MODERATION_TARGETS[target.type];
    const origin = originOf(ctx, site);
    const result = await moderate(db, kind, target.id, action, user.id, note, async (trx, outcome) => {
      const item = outcome.before;
      const label = kind.type === 'member' ? item.title : (item.title ?? item.content)?.slice(0, 200);
      await recordEvent(trx, {
        type: 'moderation.decided',
        actor: eventActor(user),
        actorId: user.id,
        origin,
        targetType: kind.type,
        itemId: target.id,
        parentId: item.parent_id,
        action,
        reporterIds: outcome.reporterIds,
        authorId: outcome.authorId,
        target: { type: AUDIT_TYPES[kind.type], id: target.id, label, wasHidden: Boolean(item.hidden_at), ...(note ? { note } : {}) },
      });
    });
    if (result.kind === 'not_found') throw notFound(`That ${kind.noun} does not exist`);
    if (result.kind === 'not_hideable') throw unprocessable('A member can only be dismissed here; manage the account from Users.');
    if (result.kind === 'nothing_open') throw conflict(`This ${kind.noun} has no open reports`);
    ctx.body = { ok: true };
  });

  return router;
}
