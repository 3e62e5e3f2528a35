import { isServerPath } from '../paths';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { HttpError } from '../errors';
import { answersOnFreshConnection, cutConnectionsInUse, isDatabaseUnavailable } from './dialect';

/** Seconds a client is asked to wait before retrying while the database is down. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new HttpError(503, 'database_unavailable', 'The database is unavailable. Please try again shortly.', undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

/**
 * A request still running after this long makes the gate look whether the database still answers
 * (one look at a time, on a fresh connection, given PROBE_MS): a network that drops packets without a
 * word leaves queries waiting for minutes, not failing.
 */
export const SILENT_DATABASE_MS = 2_000;
const PROBE_MS = 2_000;

/** What the queries cut off a silent database fail with: a network timeout, which is answered 503. */
const silentDatabase = () => Object.assign(new Error('The database stopped answering'), { code: 'ETIMEDOUT' });

/** Requests that touch the database. The page shell and its assets do not, so they are served while it is down. */
export const needsDatabase = isServerPath;

type Log = (message: string) => void;

/**
 * The server starts whether or not the database answers. Until `prepare` (migrations, the admin
 * account, seeding) has succeeded once, every request that needs the database tries it again (one
 * attempt at a time, shared by the requests waiting) and gets 503 while it fails. After that, a
 * database that drops is met by the error handler: connection errors become 503 and the pool
 * reconnects by itself when the database is back. A database that goes silent (its host or the
 * network between gone, packets dropped) gives no error at all: a request that runs past
 * SILENT_DATABASE_MS makes the gate look; if the database does not answer, the queries in flight are
 * cut (503), and until a look succeeds every request is answered 503 at once instead of waiting.
 */
export class DatabaseGate {
  private ready = false;
  private attempt?: Promise<boolean>;
  private reportedDown = false;
  private silent = false;
  private looking?: Promise<boolean>;

  constructor(
    private readonly db: Knex,
    private readonly prepare: (db: Knex) => Promise<void>,
    private readonly log: Log = () => {},
  ) {}

  get isReady(): boolean {
    return this.ready;
  }

  /** True once the database has been reached and prepared; false while it cannot be reached. */
  ensureReady(): Promise<boolean> {
    if (this.ready) return Promise.resolve(true);
    this.attempt ??= this.tryPrepare().finally(() => (this.attempt = undefined));
    return this.attempt;
  }

  private async tryPrepare(): Promise<boolean> {
    try {
      await this.prepare(this.db);
    } catch (err) {
      // Anything else (a failing migration) is a bug, not an outage: let it surface.
      if (!isDatabaseUnavailable(err)) throw err;
      if (!this.reportedDown) this.log(`The database cannot be reached (${(err as { code?: string }).code ?? 'timeout'}); answering 503 until it can.`);
      this.reportedDown = true;
      return false;
    }
    this.ready = true;
    if (this.reportedDown) this.log('The database is reachable again; ready.');
    return true;
  }

  /** A quick `select 1`: used to tell an outage from a bug when a query fails without a known code. */
  async reachable(): Promise<boolean> {
    try {
      await this.db.raw('select 1').timeout(2_000);
      return true;
    } catch {
      return false;
    }
  }

  /** Whether the database answers now; while it does not, the queries waiting on it are cut. One look at a time. */
  private look(): Promise<boolean> {
    this.looking ??= answersOnFreshConnection(this.db, PROBE_MS)
      .then((answers) => {
        if (!answers) cutConnectionsInUse(this.db, silentDatabase());
        if (answers === this.silent) this.log(answers ? 'The database answers again.' : 'The database stopped answering; answering 503 until it does.');
        this.silent = !answers;
        return answers;
      })
      .finally(() => (this.looking = undefined));
    return this.looking;
  }

  middleware(): Koa.Middleware {
    return async (_ctx, next) => {
      if (!(await this.ensureReady())) throw databaseUnavailable();
      if (this.silent && !(await this.look())) throw databaseUnavailable();
      const watch = setTimeout(() => void this.look(), SILENT_DATABASE_MS);
      try {
        await next();
      } finally {
        clearTimeout(watch);
      }
    };
  }
}

/** Runs `mw` only for requests that need the database. */
export function forDatabasePaths(mw: Koa.Middleware): Koa.Middleware {
  return (ctx, next) => (needsDatabase(ctx.path) ? mw(ctx, next) : next());
}
