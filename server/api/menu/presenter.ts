import type { MenuSetting } from '../../../contracts/admin';
import { toBool } from '../../db/dialect';

export interface MenuSettingRow {
  id: string;
  menu_key: string;
  menu_label: string;
  is_visible: unknown;
  display_order: number;
  updated_at: unknown;
}

/** The label is an admin-screen detail; the public header needs only key, visibility and order. */
export function presentMenuSetting(row: MenuSettingRow, { withLabel }: { withLabel: boolean }): MenuSetting {
  return {
    menuKey: row.menu_key as MenuSetting['menuKey'],
    isVisible: toBool(row.is_visible),
    displayOrder: Number(row.display_order) || 0,
    ...(withLabel ? { menuLabel: row.menu_label } : {}),
  };
}
