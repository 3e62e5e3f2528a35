import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../../contracts/common';
import { now } from '../../db/dialect';
import type { InvitationRow, InviterRow } from './presenter';

/** Pending = neither accepted nor revoked. */
const pending = (q: Knex.QueryBuilder) => q.whereNull('accepted_at').whereNull('revoked_at');

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

export async function findInvitationByEmail(db: Knex, email: string): Promise<InvitationRow | undefined> {
  return db<InvitationRow>('user_invitations').where({ email: email.toLowerCase() }).first();
}

/** The pending invitation for an email, locked until the transaction ends (PostgreSQL). */
export async function lockPendingInvitation(trx: Knex.Transaction, email: string): Promise<InvitationRow | undefined> {
  return trx<InvitationRow>('user_invitations').where({ email: email.toLowerCase() }).modify(pending).forUpdate().first();
}

/**
 * `user_invitations.email` is unique, so inviting an email again after its invitation was revoked
 * (or accepted by an account since deleted) reuses that row as a fresh pending invitation.
 */
export async function upsertInvitation(
  db: Knex,
  existing: InvitationRow | undefined,
  invite: { email: string; role: Role; invitedBy: string },
): Promise<InvitationRow> {
  const fresh = { role: invite.role, invited_by: invite.invitedBy, created_at: now(), accepted_at: null, revoked_at: null };
  if (existing) {
    await db('user_invitations').where({ id: existing.id }).update(fresh);
    return (await findInvitationById(db, existing.id))!;
  }
  const id = uuidv7();
  await db('user_invitations').insert({ id, email: invite.email.toLowerCase(), ...fresh });
  return (await findInvitationById(db, id))!;
}

/** Revokes a pending invitation; false if it was not pending (unknown, accepted or already revoked). */
export async function revokePending(db: Knex, id: string): Promise<boolean> {
  const n = await db('user_invitations').where({ id }).modify(pending).update({ revoked_at: now() });
  return n > 0;
}

export async function markAccepted(db: Knex, id: string): Promise<void> {
  await db('user_invitations').where({ id }).update({ accepted_at: now() });
}
