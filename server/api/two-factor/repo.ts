import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { now, toInt } from '../../db/dialect';

/** The only knex of two-step sign-in. Secrets arrive and leave encrypted (./secrets.ts). */

export interface TwoFactorRow {
  user_id: string;
  secret: string | null;
  pending_secret: string | null;
  last_time_step: unknown;
}

export function findTwoFactor(db: Knex, userId: string): Promise<TwoFactorRow | undefined> {
  return db<TwoFactorRow>('two_factor_secrets').where({ user_id: userId }).first();
}

export const lastTimeStep = (row: TwoFactorRow): number | null => (row.last_time_step === null ? null : toInt(row.last_time_step));

/** Starts (or starts again) an enrolment: the new secret waits for its first code. */
export async function savePendingSecret(db: Knex, userId: string, encrypted: string): Promise<void> {
  await db('two_factor_secrets')
    .insert({ user_id: userId, pending_secret: encrypted, secret: null, last_time_step: null, updated_at: now() })
    .onConflict('user_id')
    .merge(['pending_secret', 'updated_at']);
}

/**
 * Records the time step of an accepted code, only if it is newer than the last one: of two requests
 * racing with one code, one wins (true) and the other is a replay (false).
 */
export async function claimTimeStep(db: Knex, userId: string, step: number): Promise<boolean> {
  const updated = await db('two_factor_secrets')
    .where({ user_id: userId })
    .andWhere((w) => w.whereNull('last_time_step').orWhere('last_time_step', '<', step))
    .update({ last_time_step: step, updated_at: now() });
  return updated === 1;
}

/**
 * Turns it on: the pending secret becomes the secret, the user row says so, and a fresh set of
 * recovery codes replaces any old one. The caller has already claimed the code's time step.
 */
export async function enableTwoFactor(trx: Knex.Transaction, userId: string, encryptedSecret: string, codeHashes: string[]): Promise<boolean> {
  const ts = now();
  const moved = await trx('two_factor_secrets')
    .where({ user_id: userId, pending_secret: encryptedSecret })
    .update({ secret: encryptedSecret, pending_secret: null, updated_at: ts });
  if (moved !== 1) return false;
  await trx('users').where({ id: userId }).update({ two_factor_enabled_at: ts, updated_at: ts });
  await replaceRecoveryCodes(trx, userId, codeHashes);
  return true;
}

export async function replaceRecoveryCodes(db: Knex, userId: string, codeHashes: string[]): Promise<void> {
  await db('two_factor_recovery_codes').where({ user_id: userId }).delete();
  const ts = now();
  await db('two_factor_recovery_codes').insert(codeHashes.map((code_hash) => ({ id: uuidv7(), user_id: userId, code_hash, used_at: null, created_at: ts })));
}

/** Spends a recovery code: true only for the one request that marked it used. */
export async function spendRecoveryCode(db: Knex, userId: string, codeHash: string): Promise<boolean> {
  const updated = await db('two_factor_recovery_codes').where({ user_id: userId, code_hash: codeHash }).whereNull('used_at').update({ used_at: now() });
  return updated === 1;
}

export async function unusedRecoveryCodes(db: Knex, userId: string): Promise<number> {
  const row = await db('two_factor_recovery_codes').where({ user_id: userId }).whereNull('used_at').count<{ n: unknown }[]>('* as n').first();
  return toInt(row?.n ?? 0);
}

/** Turns it off (the member, or an admin's reset): secret, recovery codes and the user row's mark go. */
export async function removeTwoFactor(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('two_factor_recovery_codes').where({ user_id: userId }).delete();
  await trx('two_factor_secrets').where({ user_id: userId }).delete();
  await trx('users').where({ id: userId }).update({ two_factor_enabled_at: null, updated_at: now() });
}
