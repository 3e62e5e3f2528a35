import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MenuSetting } from '../../contracts/admin';
import type { MENU_KEYS } from '../../contracts/common';
import { apiFetch } from './client';

export type MenuKey = (typeof MENU_KEYS)[number];

export const menuQueries = {
  settings: () =>
    queryOptions({
      queryKey: ['menu-settings'],
      queryFn: ({ signal }) => apiFetch<MenuSetting[]>('/api/menu-settings', { signal }),
    }),
};

/** A menu setting written: the settings (and with them the navigation) refetch. */
export function invalidateMenuSettings(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: menuQueries.settings().queryKey });
}

/**
 * Whether each navigation entry is shown: hidden only when its setting says isVisible false (an
 * entry with no setting is shown). `isReady` is false until the settings are known; when they
 * cannot be loaded, everything is shown rather than leaving the site without navigation.
 */
export function useMenuVisibility(): { isReady: boolean; isVisible: (key: MenuKey) => boolean } {
  const { data, isPending, isError } = useQuery(menuQueries.settings());
  const hidden = new Set((data ?? []).filter((setting) => !setting.isVisible).map((setting) => setting.menuKey));
  return { isReady: !isPending || isError, isVisible: (key) => !hidden.has(key) };
}
