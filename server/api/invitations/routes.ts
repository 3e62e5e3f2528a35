import Router from '@koa/router';
import type { Knex } from 'knex';
import { InvitationCreateInput } from '../../../contracts/users';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/dialect';
import { currentUser, requireRole } from '../../middleware/auth';
import { parseId, validateBody } from '../../middleware/validate';
import { findUserByEmail } from '../users/repo';
import { presentInvitation } from './presenter';
import { findInvitationByEmail, findInvitationById, listPendingInvitations, revokePending, upsertInvitation } from './repo';

const ALREADY_PENDING = 'An invitation for this email is already pending';
const ALREADY_USER = 'A user with this email already exists';

/**
 * Invitations (admin only). Acceptance happens at registration: see the register handler in
 * ../auth/routes.ts, which gives the invited role and sets acceptedAt in the same transaction.
 */
export function invitationRoutes(db: Knex): Router {
  const router = new Router();
  const adminOnly = requireRole('admin');

  router.get('/api/users/invitations', adminOnly, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listPendingInvitations(db)).map(({ row, inviter }) => presentInvitation(row, inviter));
  });

  router.post('/api/users/invite', adminOnly, validateBody(InvitationCreateInput), async (ctx) => {
    const input = ctx.state.body as InvitationCreateInput;
    const admin = currentUser(ctx);
    if (await findUserByEmail(db, input.email)) throw conflict(ALREADY_USER, { email: [ALREADY_USER] });
    let row;
    try {
      row = await db.transaction(async (trx) => {
        const existing = await findInvitationByEmail(trx, input.email);
        if (existing && !existing.accepted_at && !existing.revoked_at) throw conflict(ALREADY_PENDING, { email: [ALREADY_PENDING] });
        return upsertInvitation(trx, existing, { email: input.email, role: input.role, invitedBy: admin.id });
      });
    } catch (err) {
      // Two invitations racing for one email: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(ALREADY_PENDING, { email: [ALREADY_PENDING] });
      throw err;
    }
    ctx.status = 201;
    ctx.body = presentInvitation(row, { id: admin.id, first_name: admin.row.first_name, last_name: admin.row.last_name, email: admin.row.email });
  });

  router.post('/api/users/invitations/:id/revoke', adminOnly, async (ctx) => {
    const id = parseId(ctx.params.id, 'Invitation not found');
    // One conditional update, so a revocation and a registration racing cannot both win.
    const revoked = await revokePending(db, id);
    const row = await findInvitationById(db, id);
    if (!row) throw notFound('Invitation not found');
    if (!revoked && row.accepted_at) throw conflict('This invitation has already been accepted');
    // Revoking twice is harmless: the first revocation time is kept.
    ctx.body = presentInvitation(row);
  });

  return router;
}
