import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { toIso } from '../../db/dialect';
import { hashToken } from '../uploads/repo';
import { PASSWORD_RESET_KEPT_MS, PASSWORD_RESET_TTL_MS } from './lifetimes';

const TABLE = 'password_resets';

export interface PasswordResetRow {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Why a link cannot be used, or `usable`. */
export type ResetState = 'usable' | 'unknown' | 'used' | 'expired';

/** Also the state of an email confirmation link (same columns, same rules). */
export function stateOf(row: Pick<PasswordResetRow, 'used_at' | 'expires_at'> | undefined, at: number): ResetState {
  if (!row) return 'unknown';
  if (row.used_at) return 'used';
  if (Date.parse(toIso(row.expires_at)!) <= at) return 'expired';
  return 'usable';
}

/**
 * Issues a link for a user: 32 random bytes as base64url (43 characters) go into the mail once;
 * the row keeps only their SHA-256. Earlier links of the user stay valid until they expire or one
 * of them is used.
 */
export async function issuePasswordReset(trx: Knex | Knex.Transaction, userId: string, at: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx(TABLE).insert({
    id: uuidv7(),
    user_id: userId,
    token_hash: hashToken(token),
    created_at: new Date(at).toISOString(),
    expires_at: new Date(at + PASSWORD_RESET_TTL_MS).toISOString(),
  });
  return token;
}

/** The link whose token is `token` (compared by hash: the token itself is not stored). */
export async function findPasswordReset(db: Knex, token: string): Promise<PasswordResetRow | undefined> {
  return db<PasswordResetRow>(TABLE).where({ token_hash: hashToken(token) }).first();
}

/** The same, locked until the transaction ends (PostgreSQL; SQLite's one connection serialises anyway). */
export async function lockPasswordReset(trx: Knex.Transaction, token: string): Promise<PasswordResetRow | undefined> {
  return trx<PasswordResetRow>(TABLE).where({ token_hash: hashToken(token) }).forUpdate().first();
}

/**
 * Uses a link: marks it used and ends every other unused link of its user (they expire now, so a
 * late click on one says "expired, request a new one"). False when it was used meanwhile.
 */
export async function usePasswordReset(trx: Knex.Transaction, row: PasswordResetRow, at: number): Promise<boolean> {
  const when = new Date(at).toISOString();
  const used = await trx(TABLE).where({ id: row.id }).whereNull('used_at').update({ used_at: when });
  if (used === 0) return false;
  await endPasswordResets(trx, row.user_id, at);
  return true;
}

/**
 * Ends every open link of a user: they expire now, so a click says "expired, request a new one".
 * Runs inside the transaction of whatever makes a link issued before it wrong to honour: a link used
 * here, and the events the subscribers listen to (a new password, a new email, deactivation, "sign out
 * everywhere").
 */
export async function endPasswordResets(trx: Knex | Knex.Transaction, userId: string, at: number = Date.now()): Promise<number> {
  const when = new Date(at).toISOString();
  return trx(TABLE).where({ user_id: userId }).whereNull('used_at').andWhere('expires_at', '>', when).update({ expires_at: when });
}

/** Deletes links that expired more than PASSWORD_RESET_KEPT_MS ago; by age only, so any process may run it. */
export async function sweepPasswordResets(db: Knex, at: number = Date.now()): Promise<number> {
  return db(TABLE)
    .where('expires_at', '<=', new Date(at - PASSWORD_RESET_KEPT_MS).toISOString())
    .delete();
}
