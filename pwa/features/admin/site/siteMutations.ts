import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SEED_MESSAGES, type MenuSetting, type SeedDatabaseResponse } from '../../../../contracts/admin';
import { invalidateFeatured, seedDatabase, setFeatured, setMenuVisibility, type FeaturableKind } from '../../../api/admin';
import { invalidateMenuSettings, menuQueries, type MenuKey } from '../../../api/menu';
import { errorToast, toast } from '../../../components/Toast';

/* Site-wide writes of the control panel: navigation visibility, featured items, the sample-data rebuild. */

/** Labels for settings that come without one (the API sends menuLabel to admins only). */
export const MENU_FALLBACK_LABELS: Record<MenuKey, string> = {
  news: 'News',
  podcasts: 'Podcasts',
  forums: 'Forums',
  resources: 'Resources',
  community: 'Community',
};

export function useMenuVisibility() {
  const queryClient = useQueryClient();
  const settingsKey = menuQueries.settings().queryKey;
  return useMutation({
    mutationFn: ({ menuKey, isVisible }: { menuKey: MenuKey; isVisible: boolean }) => setMenuVisibility(menuKey, isVisible),
    onSuccess: async (_, { menuKey, isVisible }) => {
      // Spec 9's title, and which item changed (a toast that only says "updated" leaves the admin guessing).
      const settings = queryClient.getQueryData<MenuSetting[]>(settingsKey);
      const label = settings?.find((setting) => setting.menuKey === menuKey)?.menuLabel ?? MENU_FALLBACK_LABELS[menuKey];
      toast({
        title: 'Menu visibility updated successfully!',
        description: isVisible ? `${label} is now shown in the navigation.` : `${label} is now hidden from the navigation.`,
      });
      await invalidateMenuSettings(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to update menu visibility.'),
  });
}

const FEATURE_FAILURES: Record<FeaturableKind, string> = {
  news: 'Failed to update article.',
  podcasts: 'Failed to update podcast.',
  discussions: 'Failed to update discussion.',
};

/** The Main Page Control Panel's Featured switch of one kind; refreshes that kind's lists. */
export function useFeatured(kind: FeaturableKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isFeatured }: { id: string; isFeatured: boolean }) => setFeatured(kind, id, isFeatured),
    onSuccess: () => invalidateFeatured(queryClient, kind),
    onError: (error) => errorToast(error, FEATURE_FAILURES[kind]),
  });
}

/**
 * 'Rebuild DB': replaces the content with fresh sample data. Every cached answer is then out of
 * date, so all of them are refetched (the signed-in user too: admin accounts survive a rebuild, so
 * it stays valid). `onAnswered` runs first, on success or failure (the confirmation closes).
 */
export function useRebuildDatabase(onAnswered: (result: SeedDatabaseResponse | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) => seedDatabase(true, confirmName),
    onSuccess: async (result) => {
      onAnswered(result);
      if (result.alreadySeeded) {
        toast({ title: 'Already Seeded', description: result.message || SEED_MESSAGES.alreadySeeded });
      } else {
        toast({ title: result.message || SEED_MESSAGES.seeded, description: result.backup ? `Backup: ${result.backup}` : undefined });
      }
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      onAnswered(null);
      errorToast(error, 'Failed to seed database.');
    },
  });
}
