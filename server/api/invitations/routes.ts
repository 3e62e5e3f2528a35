import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { InvitationAcceptInput } from '../../../contracts/auth';
import type { Role } from '../../../contracts/common';
import { INVITATION_MESSAGES, InvitationCreateInput, type Invitation, type InvitationCreated } from '../../../contracts/users';
import { conflict, gone, HttpError, notFound } from '../../errors';
import { isUniqueViolation, now, toIso } from '../../db/dialect';
import { ADMINS, ROLE_NAMES } from '../../../contracts/constants';
import { currentUser, requireRole } from '../../middleware/auth';
import { ipKey, type AuthRateLimiter } from '../../middleware/rate-limit';
import { parseId, validateBody } from '../../middleware/validate';
import { originOf, type SiteInfo } from '../../site';
import { enqueueMail, type MailQueue } from '../../mail/outbox';
import { invitationMail, type MailSite } from '../../mail/template';
import { hashPassword } from '../auth/passwords';
import { assertStrongPassword } from '../auth/password-strength';
import { startSession } from '../auth/routes';
import { TOKEN_PATTERN } from '../uploads/repo';
import { presentUser } from '../users/presenter';
import { eventActor, recordEvent } from '../../events/index';
import { findUserByEmail, insertUser } from '../users/repo';
import { linkExpired, presentInvitation, presentInvitationPreview, presentInvitationWithLink, type InvitationRow } from './presenter';
import {
  findInvitationByEmail,
  findInvitationById,
  findInvitationByToken,
  findInviter,
  INVITATION_TTL_MS,
  listPendingInvitations,
  lockInvitationByToken,
  markAccepted,
  reissueLink,
  revokePending,
  upsertInvitation,
  type IssuedInvitation,
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

/** Why an invitation that is not pending cannot get a new link (or mail): 404 unknown, 409 used or revoked. */
async function notPending(db: Knex, id: string): Promise<Error> {
  const row = await findInvitationById(db, id);
  if (!row) return notFound('Invitation not found');
  return conflict(row.accepted_at ? 'This invitation has already been accepted' : 'This invitation has been revoked; send a new invitation instead');
}

/** A person's name as a mail says it, or null when they have none. */
const nameOf = (person: { first_name: string | null; last_name: string | null }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ') || null;

/**
 * Queues the invitation's mail to the invitee in `trx`, the transaction that issued its link, so
 * the mail exists if and only if the link does (docs/mail.md). The link is on the site's public
 * origin, as the admin's answer gives it (`linkTo`); the row keeps only the token's hash.
 */
async function enqueueInvitationMail(trx: Knex.Transaction, site: MailSite, issued: IssuedInvitation, inviterName: string | null): Promise<void> {
  const content = invitationMail(site, {
    inviterName,
    roleName: ROLE_NAMES[issued.row.role as Role],
    link: `${site.origin}/invite/${issued.token}`,
    expiresAt: toIso(issued.row.expires_at)!,
    validDays: INVITATION_TTL_MS / 86_400_000,
  });
  await enqueueMail(trx, { kind: 'invitation', to: { address: issued.row.email }, ...content });
}

export interface InvitationDeps {
  db: Knex;
  site: SiteInfo;
  limits: AuthRateLimiter;
  /** Whether mail goes anywhere, and the sender's kick after a commit that queued some. */
  mail: MailQueue;
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
export function invitationRoutes({ db, site, limits, mail }: InvitationDeps): Router {
  const router = caseSensitiveRouter();
  const adminOnly = requireRole(...ADMINS);
  const linkTo = (ctx: Koa.Context, token: string) => `${originOf(ctx, site)}/invite/${token}`;
  const mailSite = (ctx: Koa.Context): MailSite => ({ siteName: site.siteName, origin: originOf(ctx, site) });

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
        const invitation = await upsertInvitation(trx, existing, { email: input.email, role: input.role, invitedBy: admin.id });
        // Where the site cannot send mail, the admin passes the link on by hand (the answer's inviteUrl).
        if (mail.enabled) await enqueueInvitationMail(trx, mailSite(ctx), invitation, nameOf(admin.row));
        await recordEvent(trx, {
          type: 'invitation.created',
          actor: eventActor(admin),
          target: { type: 'invitation', id: invitation.row.id, label: invitation.row.email },
          after: { email: invitation.row.email, role: invitation.row.role },
        });
        return invitation;
      });
    } catch (err) {
      // Two invitations racing for one email: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(ALREADY_PENDING, { email: [ALREADY_PENDING] });
      throw err;
    }
    if (mail.enabled) mail.kick();
    ctx.status = 201;
    ctx.set('Cache-Control', 'no-store');
    const inviter = { id: admin.id, first_name: admin.row.first_name, last_name: admin.row.last_name, email: admin.row.email };
    const body: InvitationCreated = { ...presentInvitationWithLink(issued.row, linkTo(ctx, issued.token), inviter), mailed: mail.enabled };
    ctx.body = body;
  });

  // A new link for a pending invitation (lost link, or expired), for the admin to pass on by hand:
  // new token, new 7-day expiry; the previous link stops working.
  router.post('/api/users/invitations/:id/link', adminOnly, async (ctx) => {
    const id = parseId(ctx.params.id, 'Invitation not found');
    const issued = await reissueLink(db, id);
    if (!issued) throw await notPending(db, id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentInvitationWithLink(issued.row, linkTo(ctx, issued.token));
  });

  // Mails a pending invitation again: a new link (the mailed token is not kept, so it cannot be sent
  // twice) with a new 7-day expiry, and its mail, in one transaction; the previous link stops working.
  router.post('/api/users/invitations/:id/resend', adminOnly, async (ctx) => {
    const id = parseId(ctx.params.id, 'Invitation not found');
    const admin = currentUser(ctx);
    const issued = await db.transaction(async (trx) => {
      const invitation = await reissueLink(trx, id);
      if (!invitation) throw await notPending(trx, id);
      if (!mail.enabled) throw new HttpError(503, 'mail_unavailable', INVITATION_MESSAGES.mailUnavailable);
      // From whoever invited them first, while that account exists; else from the admin resending.
      const inviter = invitation.row.invited_by ? await findInviter(trx, invitation.row.invited_by) : undefined;
      await enqueueInvitationMail(trx, mailSite(ctx), invitation, nameOf(inviter ?? admin.row));
      return invitation;
    });
    mail.kick();
    ctx.set('Cache-Control', 'no-store');
    const body: Invitation = presentInvitation(issued.row);
    ctx.body = body;
  });

  router.post('/api/users/invitations/:id/revoke', adminOnly, async (ctx) => {
    const id = parseId(ctx.params.id, 'Invitation not found');
    // One conditional update, so a revocation and an acceptance racing cannot both win; only a
    // revocation that happened is recorded (not a repeated one).
    const revoked = await db.transaction(async (trx) => {
      if (!(await revokePending(trx, id))) return false;
      const revokedRow = (await findInvitationById(trx, id))!;
      await recordEvent(trx, {
        type: 'invitation.revoked',
        actor: eventActor(currentUser(ctx)),
        target: { type: 'invitation', id, label: revokedRow.email },
        before: { status: 'pending' },
        after: { status: 'revoked' },
      });
      return true;
    });
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

  /**
   * The invited address has an account. If this invitation made it (an acceptance racing this one
   * committed first) the link is used: 410, as the locked check says when it comes second. Else 409.
   */
  const takenRefusal = async (token: string) => refusal(await findInvitationByToken(db, token)) ?? conflict(ACCOUNT_EXISTS);

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
    if (await findUserByEmail(db, found!.email)) throw await takenRefusal(token);
    assertStrongPassword(input.password, { email: found!.email, firstName: input.firstName, lastName: input.lastName });
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
          // The link was mailed to this address and used: the address is proved (docs/security.md §13).
          emailConfirmedAt: now(),
        });
        if (!(await markAccepted(trx, row!.id))) throw gone(USED);
        return created;
      });
    } catch (err) {
      // A registration or another acceptance with the same address won the race: the unique index decides.
      if (isUniqueViolation(err)) throw await takenRefusal(token);
      throw err;
    }
    await startSession(ctx, user.id);
    ctx.status = 201;
    ctx.body = presentUser(user);
  });

  return router;
}
