import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { ReportCreateInput, type ReportCreated, type ReportedItem } from '../../../contracts/moderation';
import { conflict, notFound, unprocessable } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { validateBody } from '../../middleware/validate';
import type { WriteLimiter } from '../../middleware/write-limits';
import { MODERATION_TARGETS } from '../moderation/targets';
import { ipKey } from '../../middleware/rate-limit';
import { reportWeight } from './policy';
import { insertReport, listReportedBy } from './repo';
import type { ModerationConfig } from '../../config';

export type { ModerationConfig };


export const DEFAULT_MODERATION: ModerationConfig = { reportsToHide: 3, reporterMinAgeHours: 24 };

/**
 * POST /api/reports: a signed-in member reports a comment, reply, discussion or member. Every report
 * reaches the queue; what it weighs toward hiding is policy.ts reportWeight (docs/moderation.md).
 * Limited with comments (a report is a few words posted about something), one per member per item.
 * GET /api/reports/mine: what the member has reported, so a second report is not offered.
 */
export function reportRoutes(db: Knex, limits: WriteLimiter, config: ModerationConfig, clock: () => number): Router {
  const router = caseSensitiveRouter('/api/reports');

  router.post('/', requireUser, validateBody(ReportCreateInput), limits.limit('comment'), async (ctx) => {
    const user = currentUser(ctx);
    const { target, reason, note } = ctx.state.body;
    const kind = MODERATION_TARGETS[target.type];
    const weight = reportWeight(user, config.reporterMinAgeHours, clock());
    const outcome = await insertReport(db, { reporterId: user.id, target: kind, targetId: target.id, reason, note, weight, source: ipKey(ctx.ip), reportsToHide: config.reportsToHide });
    if (outcome.kind === 'not_found') throw notFound(`That ${kind.noun} does not exist`);
    if (outcome.kind === 'own') throw unprocessable(kind.type === 'member' ? 'You cannot report yourself' : `You cannot report your own ${kind.noun}`);
    if (outcome.kind === 'duplicate') throw conflict(`You have already reported this ${kind.noun}. A moderator will review it.`);
    ctx.status = 201;
    ctx.body = { id: outcome.id, hidden: outcome.hidden } satisfies ReportCreated;
  });

  router.get('/mine', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listReportedBy(db, currentUser(ctx).id)) satisfies ReportedItem[];
  });

  return router;
}
