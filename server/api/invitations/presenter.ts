import type { Invitation } from '../../../contracts/users';
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
}

export interface InviterRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
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
  };
}
