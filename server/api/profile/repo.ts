import type { Knex } from 'knex';
import type { ProfileUpdateInput } from '../../../contracts/profile';
import { now } from '../../db/dialect';
import { recordEvent } from '../../events/index';
import { findUserById } from '../users/repo';
import type { UserRow } from '../users/presenter';

/** Writes the profile fields given (absent keys are left alone) and reads the row back. */
export async function updateProfile(db: Knex, userId: string, input: ProfileUpdateInput): Promise<UserRow> {
  const columns: Record<string, unknown> = {
    first_name: input.firstName,
    last_name: input.lastName,
    title: input.title,
    company: input.company,
    bio: input.bio,
    expertise_tags: input.expertiseTags === undefined ? undefined : JSON.stringify(input.expertiseTags),
    profile_image_url: input.profileImageUrl,
  };
  const changes = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  await db('users')
    .where({ id: userId })
    .update({ ...changes, updated_at: now() });
  return (await findUserById(db, userId))!;
}

/**
 * The new password hash and the end of every other session of the user, in one transaction: after
 * it, only the session that made the change is signed in. Returns how many sessions ended.
 */
export async function replacePassword(db: Knex, userId: string, passwordHash: string, keepSessionId: string | undefined): Promise<number> {
  return db.transaction(async (trx) => {
    const at = now();
    await trx('users').where({ id: userId }).update({ password_hash: passwordHash, updated_at: at });
    await recordEvent(trx, { type: 'user.password_changed', userId, at });
    const others = trx('sessions').where({ user_id: userId });
    if (keepSessionId) others.whereNot({ sid: keepSessionId });
    return Number(await others.delete());
  });
}
