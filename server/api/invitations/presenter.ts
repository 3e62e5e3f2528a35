import type { Invitation, InvitationPreview, InvitationWithLink } from '../../../contracts/users';
import type { Role } from '../../../contracts/common';
import { toIso } from '../../db/dialect';

export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: unknown;
  accepted_at: unknown;
  revoked_at: unknown;
  /** SHA-256 (hex) of the current link's token; null for invitations made before links existed. */
  token_hash: string | null;
  expires_at: unknown;
}

export interface InviterRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
}

/** Whether the invitation's link has stopped working (or never existed). */
export function linkExpired(row: InvitationRow, at = Date.now()): boolean {
  const expiresAt = toIso(row.expires_at);
  return !row.token_hash || !expiresAt || Date.parse(expiresAt) <= at;
}

export function presentInvitation(row: InvitationRow, inviter?: InviterRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    invitedBy: row.invited_by,
    inviter: inviter ? { id: inviter.id, firstName: inviter.first_name, lastName: inviter.last_name, email: inviter.email } : null,
    createdAt: toIso(row.created_at)!,
    acceptedAt: toIso(row.accepted_at),
    revokedAt: toIso(row.revoked_at),
    expiresAt: row.token_hash ? toIso(row.expires_at) : null,
    linkExpired: linkExpired(row),
  };
}

/** The invitation with its one-time link (the only time the token leaves the server). */
export function presentInvitationWithLink(row: InvitationRow, inviteUrl: string, inviter?: InviterRow): InvitationWithLink {
  return { ...presentInvitation(row, inviter), inviteUrl };
}

/** What the invite page shows: who is invited, as what, and until when. */
export function presentInvitationPreview(row: InvitationRow): InvitationPreview {
  return { email: row.email, role: row.role as Role, expiresAt: toIso(row.expires_at)! };
}
