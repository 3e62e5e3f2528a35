import type { Knex } from 'knex';
import type { ShellRenderer } from '../static';
import type { SiteInfo } from '../site';
import type { DatabaseGate } from '../db/availability';
import { isDatabaseUnavailable } from '../db/dialect';
import { fillShell } from './html';
import { pageMeta } from './meta';

/**
 * The shell renderer for shareable pages: `/news/<id>`, `/podcasts` and `/forums/<id>` are served
 * with their metadata so link previews work without JavaScript. Anything not public (a draft, an
 * archived article, a malformed or unknown id) gets the plain shell, exactly as before.
 *
 * The metadata is an extra, the page works without it: while the database is away (not yet
 * prepared, unreachable, or gone mid-run) the plain shell is served, so the app starts and its
 * offline store answers (docs/security.md, section 6). Any other failure is still a bug and is
 * thrown.
 */
export function shareablePages(db: Knex, site: SiteInfo, database: Pick<DatabaseGate, 'ensureReady' | 'reachable'>): ShellRenderer {
  return async (ctx, shell) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return undefined;
    // Before the database has been prepared (migrated) its tables may not exist yet: the same
    // shared attempt the API's requests make, and the plain shell while it fails.
    if (!(await database.ensureReady())) return undefined;
    let meta;
    try {
      meta = await pageMeta(db, ctx, site);
    } catch (err) {
      // As the error handler does: a known outage code, or an unknown error while `select 1` fails too.
      if (isDatabaseUnavailable(err) || !(await database.reachable())) return undefined;
      throw err;
    }
    return meta ? fillShell(shell, meta, site.siteName) : undefined;
  };
}
