import type { Knex } from 'knex';

/** Carries a refusal out of a transaction body; the token ties it to the call that threw it. */
class Refusal<R> extends Error {
  constructor(
    readonly token: object,
    readonly result: R,
  ) {
    super('transaction refused');
  }
}

/**
 * `db.transaction` whose body may end it with a result instead of an error: `refuse(result)` rolls
 * back what the body wrote so far and makes the call return `result`. Repos report refusals as values
 * (their routes map them to HTTP errors), and a refusal found after a write must still undo it.
 */
export async function transactionOrRefusal<T, R>(
  db: Knex,
  body: (trx: Knex.Transaction, refuse: (result: R) => never) => Promise<T>,
): Promise<T | R> {
  const token = {};
  try {
    return await db.transaction((trx) =>
      body(trx, (result) => {
        throw new Refusal(token, result);
      }),
    );
  } catch (err) {
    if (err instanceof Refusal && err.token === token) return err.result as R;
    throw err;
  }
}
