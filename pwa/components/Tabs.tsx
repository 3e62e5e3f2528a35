import {
  Tab as RACTab,
  TabList as RACTabList,
  TabPanel as RACTabPanel,
  Tabs as RACTabs,
  type TabListProps as RACTabListProps,
  type TabPanelProps as RACTabPanelProps,
  type TabProps as RACTabProps,
  type TabsProps as RACTabsProps,
} from 'react-aria-components';

/*
 * Styled RAC tabs. Compose as RAC documents:
 *   <Tabs selectedKey={tab} onSelectionChange={setTab}>
 *     <TabList aria-label="…"><Tab id="active">Active</Tab><Tab id="archive">Archive</Tab></TabList>
 *     <TabPanel id="active">…</TabPanel>
 *   </Tabs>
 */

const join = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

export function Tabs({ className, ...props }: Omit<RACTabsProps, 'className'> & { className?: string }) {
  return <RACTabs {...props} className={join('tabs', className)} />;
}

export function TabList<T extends object>({ className, ...props }: Omit<RACTabListProps<T>, 'className'> & { className?: string }) {
  return <RACTabList {...props} className={join('tabs__list', className)} />;
}

export function Tab({ className, ...props }: Omit<RACTabProps, 'className'> & { className?: string }) {
  return <RACTab {...props} className={join('tabs__tab', className)} />;
}

export function TabPanel({ className, ...props }: Omit<RACTabPanelProps, 'className'> & { className?: string }) {
  return <RACTabPanel {...props} className={join('tabs__panel', className)} />;
}
