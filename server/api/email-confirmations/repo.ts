import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { EMAIL_CONFIRMATION_TTL_HOURS } from '../../../contracts/email-confirmations';
import { hashToken } from '../uploads/repo';
import { PASSWORD_RESET_KEPT_MS } from '../password-resets/lifetimes';

/*
 * Confirmation links (docs/security.md §13), kept like password reset links: the mail carries 32
 * random bytes once, the row their SHA-256; single use; `stateOf` (password-resets/repo.ts) tells
 * usable, used or expired. A row also names the address it confirms, so a link mailed to an
 * address the account no longer has confirms nothing.
 */

export const EMAIL_CONFIRMATION_TTL_MS = EMAIL_CONFIRMATION_TTL_HOURS * 60 * 60 * 1000;

const TABLE = 'email_confirmations';

export interface EmailConfirmationRow {
  id: string;
  user_id: string;
  email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * Issues a link confirming `email` for the user, valid EMAIL_CONFIRMATION_TTL_MS from `at`, and
 * returns its token (never stored). Earlier links for the same address stay valid: a member who
 * asked twice may click either mail.
 */
export async function issueEmailConfirmation(trx: Knex | Knex.Transaction, userId: string, email: string, at: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx(TABLE).insert({
    id: uuidv7(),
    user_id: userId,
    email,
    token_hash: hashToken(token),
    created_at: new Date(at).toISOString(),
    expires_at: new Date(at + EMAIL_CONFIRMATION_TTL_MS).toISOString(),
  });
  return token;
}

/** The link whose token is `token` (compared by hash). */
export async function findEmailConfirmation(db: Knex, token: string): Promise<EmailConfirmationRow | undefined> {
  return db<EmailConfirmationRow>(TABLE).where({ token_hash: hashToken(token) }).first();
}

/** The same, locked until the transaction ends (PostgreSQL; SQLite's one connection serialises anyway). */
export async function lockEmailConfirmation(trx: Knex.Transaction, token: string): Promise<EmailConfirmationRow | undefined> {
  return trx<EmailConfirmationRow>(TABLE).where({ token_hash: hashToken(token) }).forUpdate().first();
}

/** Ends every unused link of the user now (a late click hears "expired"). */
export async function endEmailConfirmations(trx: Knex | Knex.Transaction, userId: string, at: number): Promise<void> {
  const when = new Date(at).toISOString();
  await trx(TABLE).where({ user_id: userId }).whereNull('used_at').andWhere('expires_at', '>', when).update({ expires_at: when });
}

/**
 * Uses a link: marks it used, ends the user's other links, and marks the account confirmed — only
 * while the account still has the link's address. False when the link was used meanwhile or the
 * address changed since it was mailed.
 */
export async function useEmailConfirmation(trx: Knex.Transaction, row: EmailConfirmationRow, at: number): Promise<boolean> {
  const when = new Date(at).toISOString();
  const used = await trx(TABLE).where({ id: row.id }).whereNull('used_at').update({ used_at: when });
  if (used === 0) return false;
  await endEmailConfirmations(trx, row.user_id, at);
  const confirmed = await trx('users').where({ id: row.user_id, email: row.email }).update({ email_confirmed_at: when });
  return confirmed > 0;
}

/** The account's address is new and unproved: unconfirmed, and every open link (for the old one) ended. */
export async function markEmailUnconfirmed(trx: Knex | Knex.Transaction, userId: string, at: number): Promise<void> {
  await trx('users').where({ id: userId }).update({ email_confirmed_at: null });
  await endEmailConfirmations(trx, userId, at);
}

/** Deletes links that expired more than a week ago (kept so a late click hears "used" or "expired"). */
export async function sweepEmailConfirmations(db: Knex, at: number = Date.now()): Promise<number> {
  return db(TABLE)
    .where('expires_at', '<=', new Date(at - PASSWORD_RESET_KEPT_MS).toISOString())
    .delete();
}
