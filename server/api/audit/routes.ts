import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { AuditListQuery, type AuditList } from '../../../contracts/audit';
import { ADMINS, NEXT_CURSOR_HEADER } from '../../../contracts/constants';
import { toIso } from '../../db/dialect';
import { requireRole } from '../../middleware/auth';
import { validateQuery } from '../../middleware/validate';
import { decodeAscCursor, encodeCursor } from '../cursor';
import { presentAuditEntry } from './presenter';
import { existingTargets, listAuditEntries } from './repo';

const DAY_MS = 86_400_000;

/** The audit log, for admins only: who changed others' work or access, newest first. */
export function auditRoutes(db: Knex): Router {
  const router = caseSensitiveRouter();

  router.get('/api/admin/audit', requireRole(...ADMINS), validateQuery(AuditListQuery), async (ctx) => {
    const { action, actor, targetType, targetId, from, to, cursor, limit } = ctx.state.query;
    const after = cursor === undefined ? undefined : decodeAscCursor(cursor, 'cursor');
    const filter = {
      action,
      actorId: actor,
      targetType,
      targetId,
      from: from ? new Date(`${from}T00:00:00.000Z`).toISOString() : undefined,
      // `to` is a whole day: everything before the next midnight (UTC).
      until: to ? new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString() : undefined,
    };
    // One row more than asked tells whether another page exists.
    const rows = await listAuditEntries(db, filter, limit + 1, after);
    const page = rows.slice(0, limit);
    if (rows.length > limit) {
      const last = page[page.length - 1];
      ctx.set(NEXT_CURSOR_HEADER, encodeCursor([toIso(last.created_at)!, last.id]));
    }
    const existing = await existingTargets(db, page);
    ctx.set('Cache-Control', 'no-store');
    const body: AuditList = { entries: page.map((row) => presentAuditEntry(row, existing)) };
    ctx.body = body;
  });

  return router;
}
