import { useQuery } from '@tanstack/react-query';
import type { MenuSetting } from '../../../../contracts/admin';
import { menuQueries } from '../../../api/menu';
import { Switch } from '../../../components/Switch';
import { AdminPage } from '../AdminPage';
import { MENU_FALLBACK_LABELS, useMenuVisibility } from './siteMutations';
import { TableSkeleton } from '../TableSkeleton';
import { LoadFailure } from '../../content';

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
  const settings = useQuery(menuQueries.settings());
  const toggle = useMenuVisibility();

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
      <ul className="stack-list stack-list--tight" aria-label="Navigation items">
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
  const label = setting.menuLabel ?? MENU_FALLBACK_LABELS[setting.menuKey];
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
