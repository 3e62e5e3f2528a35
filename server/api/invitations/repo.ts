import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../../contracts/common';
import { now } from '../../db/dialect';
import { hashToken } from '../uploads/repo';
import type { InvitationRow, InviterRow } from './presenter';

/** An invite link works for 7 days after it was issued. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Pending = neither accepted nor revoked. */
const pending = (q: Knex.QueryBuilder) => q.whereNull('accepted_at').whereNull('revoked_at');

/** A fresh link: the token goes to the admin once, the row keeps only its hash and the expiry. */
function newLink(): { token: string; columns: { token_hash: string; expires_at: string } } {
  const token = randomBytes(32).toString('base64url');
  return { token, columns: { token_hash: hashToken(token), expires_at: new Date(Date.now() + INVITATION_TTL_MS).toISOString() } };
}

/** An invitation row and the token of the link just issued for it (never stored). */
export interface IssuedInvitation {
  row: InvitationRow;
  token: string;
}

/** Pending invitations, newest first, with their inviters (one batched query). */
export async function listPendingInvitations(db: Knex): Promise<Array<{ row: InvitationRow; inviter?: InviterRow }>> {
  const rows: InvitationRow[] = await db('user_invitations')
    .modify(pending)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  const inviterIds = [...new Set(rows.map((r) => r.invited_by).filter((id): id is string => Boolean(id)))];
  const inviters: InviterRow[] = inviterIds.length
    ? await db('users').whereIn('id', inviterIds).select('id', 'first_name', 'last_name', 'email')
    : [];
  const byId = new Map(inviters.map((u) => [u.id, u]));
  return rows.map((row) => ({ row, inviter: row.invited_by ? byId.get(row.invited_by) : undefined }));
}

export async function findInvitationById(db: Knex, id: string): Promise<InvitationRow | undefined> {
  return db<InvitationRow>('user_invitations').where({ id }).first();
}

/** The inviter as the pending list and the mail name them, if the account still exists. */
export async function findInviter(db: Knex, id: string): Promise<InviterRow | undefined> {
  return db<InviterRow>('users').where({ id }).select('id', 'first_name', 'last_name', 'email').first();
}

export async function findInvitationByEmail(db: Knex, email: string): Promise<InvitationRow | undefined> {
  return db<InvitationRow>('user_invitations').where({ email: email.toLowerCase() }).first();
}

/** The invitation whose link carries `token` (compared by hash: the token itself is not stored). */
export async function findInvitationByToken(db: Knex, token: string): Promise<InvitationRow | undefined> {
  return db<InvitationRow>('user_invitations').where({ token_hash: hashToken(token) }).first();
}

/**
 * The same, locked until the transaction ends (PostgreSQL; SQLite's single connection already
 * serialises transactions), so two acceptances of one link are decided one after the other.
 */
export async function lockInvitationByToken(trx: Knex.Transaction, token: string): Promise<InvitationRow | undefined> {
  return trx<InvitationRow>('user_invitations').where({ token_hash: hashToken(token) }).forUpdate().first();
}

/** The pending invitation for an email, locked until the transaction ends (PostgreSQL). */
export async function lockPendingInvitation(trx: Knex.Transaction, email: string): Promise<InvitationRow | undefined> {
  return trx<InvitationRow>('user_invitations').where({ email: email.toLowerCase() }).modify(pending).forUpdate().first();
}

/**
 * `user_invitations.email` is unique, so inviting an email again after its invitation was revoked
 * (or accepted by an account since deleted) reuses that row as a fresh pending invitation, with a
 * new link (any older link of the row stops working).
 */
export async function upsertInvitation(
  db: Knex,
  existing: InvitationRow | undefined,
  invite: { email: string; role: Role; invitedBy: string },
): Promise<IssuedInvitation> {
  const { token, columns } = newLink();
  const fresh = { role: invite.role, invited_by: invite.invitedBy, created_at: now(), accepted_at: null, revoked_at: null, ...columns };
  if (existing) {
    await db('user_invitations').where({ id: existing.id }).update(fresh);
    return { row: (await findInvitationById(db, existing.id))!, token };
  }
  const id = uuidv7();
  await db('user_invitations').insert({ id, email: invite.email.toLowerCase(), ...fresh });
  return { row: (await findInvitationById(db, id))!, token };
}

/**
 * Issues a new link for a pending invitation: a new token and a new 7-day expiry, which also
 * makes the previous link unusable. Undefined when the invitation is not pending.
 */
export async function reissueLink(db: Knex, id: string): Promise<IssuedInvitation | undefined> {
  const { token, columns } = newLink();
  const n = await db('user_invitations').where({ id }).modify(pending).update(columns);
  if (n === 0) return undefined;
  return { row: (await findInvitationById(db, id))!, token };
}

/** Revokes a pending invitation; false if it was not pending (unknown, accepted or already revoked). */
export async function revokePending(db: Knex, id: string): Promise<boolean> {
  const n = await db('user_invitations').where({ id }).modify(pending).update({ revoked_at: now() });
  return n > 0;
}

/** Marks a pending invitation accepted; false when it was not pending any more. */
export async function markAccepted(db: Knex, id: string): Promise<boolean> {
  const n = await db('user_invitations').where({ id }).modify(pending).update({ accepted_at: now() });
  return n > 0;
}
