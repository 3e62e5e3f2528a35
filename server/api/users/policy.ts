import type { Role } from '../../../contracts/common';
import { conflict } from '../../errors';
import { toBool } from '../../db/dialect';
import type { UserRow } from './presenter';

export const LAST_ADMIN_MESSAGE = 'There must always be at least one active admin';

/** What a change would do to a user's admin standing. */
export interface AdminChange {
  role?: Role;
  isActive?: boolean;
  deleted?: boolean;
}

/** True if the change takes an active admin out of the set of active admins. */
export function removesActiveAdmin(target: UserRow, change: AdminChange): boolean {
  if (target.role !== 'admin' || !toBool(target.is_active)) return false;
  return Boolean(change.deleted) || (change.role !== undefined && change.role !== 'admin') || change.isActive === false;
}

/**
 * An admin may not delete, demote or deactivate themself: they would lock themself out mid-task.
 * (Another admin can do it for them.)
 */
export function assertNotSelfLockout(actorId: string, target: UserRow, change: AdminChange): void {
  if (actorId !== target.id) return;
  if (change.deleted) throw conflict('You cannot delete your own account');
  if (change.role !== undefined && change.role !== target.role && target.role === 'admin') {
    throw conflict('You cannot remove your own admin role', { role: ['You cannot remove your own admin role'] });
  }
  if (change.isActive === false) {
    throw conflict('You cannot deactivate your own account', { isActive: ['You cannot deactivate your own account'] });
  }
}

/** `activeAdminIds` must be read with the rows locked (repo.lockActiveAdminIds). */
export function assertKeepsAnActiveAdmin(target: UserRow, change: AdminChange, activeAdminIds: string[]): void {
  if (!removesActiveAdmin(target, change)) return;
  if (activeAdminIds.filter((id) => id !== target.id).length === 0) throw conflict(LAST_ADMIN_MESSAGE);
}
