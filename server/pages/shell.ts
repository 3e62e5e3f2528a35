import type { Knex } from 'knex';
import type { ShellRenderer } from '../static';
import type { SiteInfo } from '../feeds/site';
import { fillShell } from './html';
import { pageMeta } from './meta';

/**
 * The shell renderer for shareable pages: `/news/<id>`, `/podcasts` and `/forums/<id>` are served
 * with their metadata so link previews work without JavaScript. Anything not public (a draft, an
 * archived article, a malformed or unknown id) gets the plain shell, exactly as before.
 */
export function shareablePages(db: Knex, site: SiteInfo): ShellRenderer {
  return async (ctx, shell) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return undefined;
    const meta = await pageMeta(db, ctx, site);
    return meta ? fillShell(shell, meta, site.siteName) : undefined;
  };
}
