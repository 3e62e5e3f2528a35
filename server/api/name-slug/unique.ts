import type { Knex } from 'knex';
import { isUniqueViolation } from '../../db/dialect';
import { conflict } from '../../errors';
import { conflictingFields, type NameSlugField, type NameSlugFields } from './repo';

/**
 * The 409s of a list whose items have a unique name and slug (news categories, podcast shows):
 * `check` before the write names each taken field for the form; `race` turns the unique index's
 * error from a concurrent write into the same answer.
 */
export function nameSlugGuard(db: Knex, table: string, taken: Record<NameSlugField, string>) {
  const check = async (fields: NameSlugFields, exceptId?: string): Promise<void> => {
    const fieldsTaken = await conflictingFields(db, table, fields, exceptId);
    if (fieldsTaken.length) throw conflict(taken[fieldsTaken[0]], Object.fromEntries(fieldsTaken.map((f) => [f, [taken[f]]])));
  };
  const race = async (err: unknown, fields: NameSlugFields, exceptId?: string): Promise<never> => {
    if (isUniqueViolation(err)) await check(fields, exceptId);
    throw err;
  };
  return { check, race };
}
