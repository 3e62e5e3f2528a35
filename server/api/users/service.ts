import type { Knex } from 'knex';
import type { UserCreateInput, UserUpdateInput } from '../../../contracts/users';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation, now, toBool } from '../../db/dialect';
import { endUserSessions } from '../../middleware/session';
import { hashPassword } from '../auth/passwords';
import { assertStrongPassword } from '../auth/password-strength';
import { changedFields, recordEvent, userTarget, type EventActor } from '../../events/index';
import { presentUser, type UserRow } from './presenter';
import { assertKeepsAnActiveAdmin, assertNotSelfLockout, type AdminChange } from './policy';
import {
  deleteUserKeepingContent,
  findUserByEmail,
  findUserById,
  insertUser,
  lockActiveAdminIds,
  lockUser,
  updateUserRow,
} from './repo';

/**
 * User management shared by both route families (`/api/users/*` and `/api/admin/users*`), so the
 * rules below hold whichever URL the client uses.
 */

export const EMAIL_TAKEN = 'An account with this email already exists';
const emailTaken = () => conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });

/** The admin making a change (as the audit log names them), and their own session (kept when they change their own password). */
export interface Actor extends EventActor {
  id: string;
  sessionId?: string;
}

/** The actor as an event carries it: events are stored, the admin's session id stays out of them. */
const named = ({ id, name }: EventActor): EventActor => ({ id, name });

/** The profile fields whose change is a plain `user.update` (role and activation have their own actions). */
const PROFILE_FIELDS = ['email', 'firstName', 'lastName', 'title', 'company', 'bio', 'profileImageUrl'] as const;

/**
 * The events of an admin's change to an account: one per kind of change, so the audit log can be
 * filtered by "role changes" or "deactivations". A new password is recorded as the fact only.
 */
async function recordAccountChange(trx: Knex.Transaction, actor: Actor, before: UserRow, after: UserRow, passwordChanged: boolean): Promise<void> {
  const by = named(actor);
  const target = userTarget(after);
  if (before.role !== after.role) {
    await recordEvent(trx, { type: 'user.role_changed', actor: by, target, before: { role: before.role }, after: { role: after.role } });
  }
  const wasActive = toBool(before.is_active);
  if (wasActive !== toBool(after.is_active)) {
    await recordEvent(trx, { type: wasActive ? 'user.deactivated' : 'user.activated', actor: by, target, before: { isActive: wasActive }, after: { isActive: !wasActive } });
  }
  const profile = changedFields(presentUser(before), presentUser(after), PROFILE_FIELDS) ?? { before: {}, after: {} };
  if (passwordChanged) profile.after = { ...profile.after, passwordChanged: true };
  if (Object.keys(profile.after ?? {}).length) await recordEvent(trx, { type: 'user.updated', actor: by, target, ...profile });
}

export async function createUserAccount(db: Knex, actor: EventActor, input: UserCreateInput): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  assertStrongPassword(input.password, input);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (trx) => {
      const user = await insertUser(trx, { ...input, passwordHash });
      // A pending invitation for the address ends with it (invitations listens).
      await recordEvent(trx, {
        type: 'user.created',
        actor: named(actor),
        target: userTarget(user),
        after: { email: user.email, role: user.role, isActive: toBool(user.is_active) },
      });
      return user;
    });
  } catch (err) {
    // Two creations racing for one email: the unique index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/**
 * Changes only the fields given. A new password, role or active flag ends the user's sessions so the
 * change applies at once everywhere; when admins edit themselves the session they are using is kept.
 */
/** Called in the change's transaction when an account's address changed (the row after it): email-confirmations/service.ts. */
export type AddressChanged = (trx: Knex.Transaction, user: UserRow) => Promise<void>;

export async function updateUserAccount(
  db: Knex,
  actor: Actor,
  id: string,
  input: UserUpdateInput,
  onAddressChanged?: AddressChanged,
): Promise<UserRow> {
  if (input.password) {
    // Judged against the account's details as they will be after this change.
    const current = await findUserById(db, id);
    if (!current) throw notFound('User not found');
    assertStrongPassword(input.password, {
      email: input.email ?? current.email,
      firstName: input.firstName ?? current.first_name,
      lastName: input.lastName ?? current.last_name,
    });
  }
  // bcrypt before the transaction: SQLite has a single connection, so transactions stay short.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const change: AdminChange = { role: input.role, isActive: input.isActive };
  try {
    return await db.transaction(async (trx) => {
      // Admin rows first, then the target: every transaction locks in the same order (no deadlock).
      const activeAdminIds = change.role !== undefined || change.isActive !== undefined ? await lockActiveAdminIds(trx) : [];
      const target = await lockUser(trx, id);
      if (!target) throw notFound('User not found');
      // The last-admin rule first: a sole admin demoting themself hears the real reason.
      assertKeepsAnActiveAdmin(target, change, activeAdminIds);
      assertNotSelfLockout(actor.id, target, change);
      const addressChanged = Boolean(input.email) && input.email!.toLowerCase() !== target.email;
      if (addressChanged) {
        const other = await findUserByEmail(trx, input.email!);
        if (other && other.id !== id) throw emailTaken();
      }
      const updated = await updateUserRow(trx, id, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        isActive: input.isActive,
        title: input.title,
        company: input.company,
        bio: input.bio,
        profileImageUrl: input.profileImageUrl,
      });
      const securityChanged =
        passwordHash !== undefined ||
        (input.role !== undefined && input.role !== target.role) ||
        (input.isActive !== undefined && input.isActive !== toBool(target.is_active));
      if (securityChanged) await endUserSessions(trx, id, actor.id === id ? actor.sessionId : undefined);
      // Facts a reset link mailed before must not outlive (password-resets listens; deactivation is recorded below).
      if (passwordHash !== undefined) await recordEvent(trx, { type: 'user.password_changed', userId: id, at: now() });
      if (addressChanged) await recordEvent(trx, { type: 'user.email_changed', userId: id, at: now() });
      await recordAccountChange(trx, actor, target, updated!, passwordHash !== undefined);
      // The new address is unproved: unconfirmed until its owner uses the link mailed to it.
      if (addressChanged && onAddressChanged) {
        await onAddressChanged(trx, updated!);
        return (await findUserById(trx, id))!;
      }
      return updated!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** See repo.deleteUserKeepingContent for what is kept and what goes. */
export async function deleteUserAccount(db: Knex, actor: Actor, id: string): Promise<void> {
  const change: AdminChange = { deleted: true };
  await db.transaction(async (trx) => {
    const activeAdminIds = await lockActiveAdminIds(trx);
    const target = await lockUser(trx, id);
    if (!target) throw notFound('User not found');
    assertKeepsAnActiveAdmin(target, change, activeAdminIds);
    assertNotSelfLockout(actor.id, target, change);
    await deleteUserKeepingContent(trx, id);
    await recordEvent(trx, { type: 'user.deleted', actor: named(actor), target: userTarget(target), before: { email: target.email, role: target.role } });
  });
}

/**
 * Ends every session and open reset link of the user; 404 for an unknown id. Recorded when it is
 * another member's access that ends (an admin signing themself out changes no one else's).
 */
export async function endAllSessionsOf(db: Knex, actor: Actor, id: string): Promise<number> {
  return db.transaction(async (trx) => {
    const target = await findUserById(trx, id);
    if (!target) throw notFound('User not found');
    const ended = await endUserSessions(trx, id);
    await recordEvent(trx, { type: 'user.signed_out_everywhere', actor: named(actor), target: userTarget(target), after: { sessionsEnded: ended } });
    return ended;
  });
}
