import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuSetting } from '../../../contracts/admin';
import { setMenuVisibility } from '../../api/admin.queries';
import { menuQueries, type MenuKey } from '../../api/menu.queries';
import { Switch } from '../../components/Switch';
import { errorToast, toast } from '../../components/Toast';
import { AdminPage } from './AdminPage';
import { TableSkeleton } from './TableSkeleton';
import { LoadFailure } from '../../offline/LoadFailure';

/** Labels for settings that come without one (the API sends menuLabel to admins only). */
const FALLBACK_LABELS: Record<MenuKey, string> = {
  news: 'News',
  podcasts: 'Podcasts',
  forums: 'Forums',
  resources: 'Resources',
  community: 'Community',
};

/** /admin/menu (spec 2, Menu settings; admins). */
export function MenuSettingsScreen() {
  return (
    <AdminPage
      title="Menu Settings"
      description="Choose which navigation links the header shows."
      allow="admin"
      showBackLink
    >
      <MenuSettingsList />
    </AdminPage>
  );
}

function MenuSettingsList() {
  const queryClient = useQueryClient();
  const settings = useQuery(menuQueries.settings());
  const toggle = useMutation({
    mutationFn: ({ menuKey, isVisible }: { menuKey: MenuKey; isVisible: boolean }) => setMenuVisibility(menuKey, isVisible),
    onSuccess: async (_, { menuKey, isVisible }) => {
      // Spec 9's title, and which item changed (a toast that only says "updated" leaves the admin guessing).
      const label = settings.data?.find((setting) => setting.menuKey === menuKey)?.menuLabel ?? FALLBACK_LABELS[menuKey];
      toast({
        title: 'Menu visibility updated successfully!',
        description: isVisible ? `${label} is now shown in the navigation.` : `${label} is now hidden from the navigation.`,
      });
      await queryClient.invalidateQueries({ queryKey: menuQueries.settings().queryKey });
    },
    onError: (error) => errorToast(error, 'Failed to update menu visibility.'),
  });

  let body;
  if (settings.isPending) body = <TableSkeleton label="Loading menu settings" />;
  else if (settings.isError)
    body = (
      <LoadFailure
        what="admin"
        error={settings.error}
        title="Menu settings could not be loaded."
        retry={() => void settings.refetch()}
      />
    );
  else
    body = (
      <ul className="admin-list" aria-label="Navigation items">
        {settings.data.map((setting) => (
          <MenuItem
            key={setting.menuKey}
            setting={setting}
            pendingValue={toggle.isPending && toggle.variables.menuKey === setting.menuKey ? toggle.variables.isVisible : null}
            onChange={(isVisible) => toggle.mutate({ menuKey: setting.menuKey, isVisible })}
          />
        ))}
      </ul>
    );

  return (
    <section className="admin-card" aria-labelledby="menu-items-title">
      <h2 id="menu-items-title">Navigation Items</h2>
      <p className="admin-card__note">Changes take effect immediately for all users.</p>
      {body}
    </section>
  );
}

interface MenuItemProps {
  setting: MenuSetting;
  /** The value being saved, shown until the refetched list confirms it. */
  pendingValue: boolean | null;
  onChange: (isVisible: boolean) => void;
}

function MenuItem({ setting, pendingValue, onChange }: MenuItemProps) {
  const label = setting.menuLabel ?? FALLBACK_LABELS[setting.menuKey];
  const isVisible = pendingValue ?? setting.isVisible;
  return (
    <li className="admin-list__item">
      <div className="admin-list__main">
        <span className="admin-list__title">{label}</span>
        <code className="admin-list__code">{setting.menuKey}</code>
      </div>
      <Switch
        isSelected={isVisible}
        isDisabled={pendingValue !== null}
        onChange={onChange}
        aria-label={`Show ${label} in the navigation`}
      >
        <span aria-hidden="true">{isVisible ? 'Visible' : 'Hidden'}</span>
      </Switch>
    </li>
  );
}
