import type { Knex } from 'knex';
import { WRITTEN_AT_MESSAGES, WRITTEN_AT_SKEW_MS } from '../../contracts/common';
import { isUniqueViolation, toIso } from '../db/dialect';
import { badRequest, conflict } from '../errors';

/**
 * Client-chosen ids for new comments, replies and discussions: a queued write that is
 * sent twice must not create two rows. See docs/outbox.md.
 */

export const ID_IN_USE = 'This id is already in use';

/**
 * Looks up a client-chosen id in `table` before inserting it. `owner` holds the columns that must
 * match for it to be "the same write" (author and target). Returns true when the row already
 * exists as that write (the caller answers with it), false when the id is free; throws 409 when
 * another author or target holds it.
 */
export async function existingClientRow(trx: Knex, table: string, id: string, owner: Record<string, unknown>): Promise<boolean> {
  const row = await trx(table).where({ id }).first(Object.keys(owner));
  if (!row) return false;
  if (Object.entries(owner).some(([column, value]) => row[column] !== value)) throw conflict(ID_IN_USE);
  return true;
}

/**
 * Runs an insert that may race with the same client id sent concurrently: the loser's unique
 * violation is retried once, and the retry finds the winner's row through `existingClientRow`.
 */
export async function retryOnClientIdRace<T>(clientId: string | undefined, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (err) {
    if (!clientId || !isUniqueViolation(err)) throw err;
    return insert();
  }
}

/**
 * The written-at time to store for a new comment or reply, or null when none was sent. The contract
 * (`WrittenAt`) already refused a time before its floor or more than the skew ahead of our clock;
 * here a time before the author's account existed (less the same skew, for a slow device clock) is
 * a 400, and one ahead of our clock is clamped to it, so nothing is dated after its posting.
 */
export function acceptedWrittenAt(value: string | undefined, author: { created_at: unknown }): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  const accountCreated = Date.parse(toIso(author.created_at) ?? '');
  if (t < accountCreated - WRITTEN_AT_SKEW_MS) {
    throw badRequest(WRITTEN_AT_MESSAGES.beforeAccount, { writtenAt: [WRITTEN_AT_MESSAGES.beforeAccount] });
  }
  return new Date(Math.min(t, Date.now())).toISOString();
}
