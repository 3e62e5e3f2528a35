import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type { Knex } from 'knex';
import { MenuVisibilityInput } from '../../../contracts/admin';
import { MenuKey } from '../../../contracts/common';
import { notFound } from '../../errors';
import { ADMINS } from '../../../contracts/constants';
import { currentUser, hasRole, requireRole } from '../../middleware/auth';
import { toBool } from '../../db/dialect';
import { eventActor, recordEvent } from '../../events/index';
import { validateBody } from '../../middleware/validate';
import { presentMenuSetting } from './presenter';
import { findMenuSetting, listMenuSettings, setMenuVisibility } from './repo';

/**
 * Navigation visibility. Read on every request and sent with `no-store`: a change takes effect for
 * everyone on their next fetch, so nothing (server or HTTP cache) may hold an old copy.
 */
export function menuRoutes(db: Knex): Router {
  const router = caseSensitiveRouter();

  router.get('/api/menu-settings', async (ctx) => {
    const withLabel = hasRole(ctx.state.user, ...ADMINS);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = (await listMenuSettings(db)).map((row) => presentMenuSetting(row, { withLabel }));
  });

  router.patch('/api/admin/menu-settings/:menuKey', requireRole(...ADMINS), validateBody(MenuVisibilityInput), async (ctx) => {
    const { isVisible } = ctx.state.body;
    // Only the five menu keys name a row; anything else (a%00b would be a 500 on PostgreSQL) is 404.
    const key = MenuKey.safeParse(ctx.params.menuKey);
    const row = !key.success
      ? undefined
      : await db.transaction(async (trx) => {
          const before = await findMenuSetting(trx, key.data);
          if (!before) return undefined;
          const after = await setMenuVisibility(trx, key.data, isVisible);
          // Saving the same visibility again changes nothing anyone sees: no entry.
          if (toBool(before.is_visible) !== isVisible) {
            await recordEvent(trx, {
              type: 'menu.changed',
              actor: eventActor(currentUser(ctx)),
              target: { type: 'menu', id: key.data, label: before.menu_label },
              before: { isVisible: toBool(before.is_visible) },
              after: { isVisible },
            });
          }
          return after;
        });
    if (!row) throw notFound('Menu item not found');
    ctx.body = presentMenuSetting(row, { withLabel: true });
  });

  return router;
}
