import Router from '@koa/router';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { InvitationAcceptInput } from '../../../contracts/auth';
import type { Role } from '../../../contracts/common';
import { InvitationCreateInput } from '../../../contracts/users';
import { conflict, gone, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/dialect';
import { currentUser, requireRole } from '../../middleware/auth';
import { ipKey, type AuthRateLimiter } from '../../middleware/rate-limit';
import { parseId, validateBody } from '../../middleware/validate';
import { originOf, type SiteInfo } from '../../feeds/site';
import { hashPassword } from '../auth/passwords';
import { startSession } from '../auth/routes';
import { TOKEN_PATTERN } from '../uploads/repo';
import { presentUser } from '../users/presenter';
import { findUserByEmail, insertUser } from '../users/repo';
import { linkExpired, presentInvitation, presentInvitationPreview, presentInvitationWithLink, type InvitationRow } from './presenter';
import {
  findInvitationByEmail,
  findInvitationById,
  findInvitationByToken,
  listPendingInvitations,
  lockInvitationByToken,
  markAccepted,
  reissueLink,
  revokePending,
  upsertInvitation,
} from './repo';

const ALREADY_PENDING = 'An invitation for this email is already pending';
const ALREADY_USER = 'A user with this email already exists';
const NOT_FOUND = 'This invitation link is not valid';
const USED = 'This invitation has already been used';
const REVOKED = 'This invitation has been revoked';
const EXPIRED = 'This invitation has expired';
const ACCOUNT_EXISTS = 'An account with this email already exists. Sign in instead, or ask an administrator to change its role.';

/**
 * Why a link cannot be used, or nothing when it can. An unknown token is 404; a known one that has
 * been used, revoked or has expired is 410 with a message that says which, so the invitee knows
 * whether to sign in or ask for a new link.
 */
function refusal(row: InvitationRow | undefined): Error | undefined {
  if (!row) return notFound(NOT_FOUND);
  if (row.accepted_at) return gone(USED);
  if (row.revoked_at) return gone(REVOKED);
  if (linkExpired(row)) return gone(EXPIRED);
  return undefined;
}

/** A token of the wrong shape names nothing: 404 without touching the database. */
function parseToken(value: string | undefined): string {
  if (!value || !TOKEN_PATTERN.test(value)) throw notFound(NOT_FOUND);
  return value;
}

/**
 * Invitations. Admins invite and manage them (`/api/users/invit…`); the invitee accepts through the
 * link's token (`/api/invitations/{token}`), which alone gives the invited role: a plain registration
 * with an invited address is a subscriber like any other (docs/security.md, section 10).
 */
export function invitationRoutes(db: Knex, site: SiteInfo, limits: AuthRateLimiter): Router {
  const router = new Router();
  const adminOnly = requireRole('admin');
  const linkTo = (ctx: Koa.Context, token: string) => `${originOf(ctx, site)}/invite/${token}`;

  router.get('/api/users/invitations', adminOnly, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listPendingInvitations(db)).map(({ row, inviter }) => presentInvitation(row, inviter));
  });

  router.post('/api/users/invite', adminOnly, validateBody(InvitationCreateInput), async (ctx) => {
    const input = ctx.state.body;
    const admin = currentUser(ctx);
    if (await findUserByEmail(db, input.email)) throw conflict(ALREADY_USER, { email: [ALREADY_USER] });
    let issued;
    try {
      issued = await db.transaction(async (trx) => {
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
    ctx.set('Cache-Control', 'no-store');
    const inviter = { id: admin.id, first_name: admin.row.first_name, last_name: admin.row.last_name, email: admin.row.email };
    ctx.body = presentInvitationWithLink(issued.row, linkTo(ctx, issued.token), inviter);
  });

  // A new link for a pending invitation (lost link, or expired): new token, new 7-day expiry; the
  // previous link stops working. Mail delivery will call this "resend".
  router.post('/api/users/invitations/:id/link', adminOnly, async (ctx) => {
    const id = parseId(ctx.params.id, 'Invitation not found');
    const issued = await reissueLink(db, id);
    if (!issued) {
      const row = await findInvitationById(db, id);
      if (!row) throw notFound('Invitation not found');
      throw conflict(row.accepted_at ? 'This invitation has already been accepted' : 'This invitation has been revoked; send a new invitation instead');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentInvitationWithLink(issued.row, linkTo(ctx, issued.token));
  });

  router.post('/api/users/invitations/:id/revoke', adminOnly, async (ctx) => {
    const id = parseId(ctx.params.id, 'Invitation not found');
    // One conditional update, so a revocation and an acceptance racing cannot both win.
    const revoked = await revokePending(db, id);
    const row = await findInvitationById(db, id);
    if (!row) throw notFound('Invitation not found');
    if (!revoked && row.accepted_at) throw conflict('This invitation has already been accepted');
    // Revoking twice is harmless: the first revocation time is kept.
    ctx.body = presentInvitation(row);
  });

  // Public: anyone holding the link may see whom it invites, as what, and until when.
  router.get('/api/invitations/:token', async (ctx) => {
    // The answer changes with time alone (expiry) and the URL holds a secret: never cached.
    ctx.set('Cache-Control', 'no-store');
    const row = await findInvitationByToken(db, parseToken(ctx.params.token));
    const refused = refusal(row);
    if (refused) throw refused;
    // Someone registered with the address meanwhile: accepting would fail, so say so now.
    if (await findUserByEmail(db, row!.email)) throw conflict(ACCOUNT_EXISTS);
    ctx.body = presentInvitationPreview(row!);
  });

  // Public: the invitee creates their account with the invited email and role, and is signed in.
  router.post('/api/invitations/:token/accept', validateBody(InvitationAcceptInput), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const token = parseToken(ctx.params.token);
    const input = ctx.state.body;
    // Accepting creates an account, so it counts against the registration limit per IP.
    await limits.acceptInvitation(ipKey(ctx.ip));
    // Refuse a dead link before spending a bcrypt hash on it.
    const found = await findInvitationByToken(db, token);
    const early = refusal(found);
    if (early) throw early;
    if (await findUserByEmail(db, found!.email)) throw conflict(ACCOUNT_EXISTS);
    // bcrypt before the transaction: SQLite has a single connection, so transactions stay short.
    const passwordHash = await hashPassword(input.password);
    let user;
    try {
      user = await db.transaction(async (trx) => {
        // Locked and checked again: of two acceptances racing, the second finds it used (410).
        const row = await lockInvitationByToken(trx, token);
        const refused = refusal(row);
        if (refused) throw refused;
        const created = await insertUser(trx, {
          email: row!.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: row!.role as Role,
        });
        if (!(await markAccepted(trx, row!.id))) throw gone(USED);
        return created;
      });
    } catch (err) {
      // A registration with the same address won the race: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(ACCOUNT_EXISTS);
      throw err;
    }
    await startSession(ctx, user.id);
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  return router;
}
