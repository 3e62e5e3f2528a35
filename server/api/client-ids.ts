import type { Knex } from 'knex';
import { isUniqueViolation } from '../db/dialect';
import { conflict } from '../errors';

/**
 * Client-chosen ids for new comments, replies and discussions (issue 7): a queued write that is
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

/** A written-at time from the client, never later than now (a fast device clock cannot post into the future). */
export function writtenAt(value: string | undefined): string | null {
  if (!value) return null;
  const t = new Date(value).getTime();
  return new Date(Math.min(t, Date.now())).toISOString();
}
