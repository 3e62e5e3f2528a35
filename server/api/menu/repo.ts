import type { Knex } from 'knex';
import { now } from '../../db/dialect';
import type { MenuSettingRow } from './presenter';

export async function listMenuSettings(db: Knex): Promise<MenuSettingRow[]> {
  return db<MenuSettingRow>('menu_settings').orderBy([{ column: 'display_order' }, { column: 'menu_key' }]);
}

/** Undefined when no setting has that key. */
export async function findMenuSetting(db: Knex, menuKey: string): Promise<MenuSettingRow | undefined> {
  return db<MenuSettingRow>('menu_settings').where({ menu_key: menuKey }).first();
}

export async function setMenuVisibility(db: Knex, menuKey: string, isVisible: boolean): Promise<MenuSettingRow | undefined> {
  const n = await db('menu_settings').where({ menu_key: menuKey }).update({ is_visible: isVisible, updated_at: now() });
  if (!n) return undefined;
  return findMenuSetting(db, menuKey);
}
