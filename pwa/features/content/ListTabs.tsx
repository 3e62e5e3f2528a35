import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import type { ListTab } from './listFilters';

/** An editor's Active and Archive lists on /news and /podcasts (loaded with ContentListBody's first editor render). */
export function ListTabs({ label, tab, onTab, children }: { label: string; tab: ListTab; onTab: (tab: ListTab) => void; children: ReactNode }) {
  return (
    <Tabs selectedKey={tab} onSelectionChange={(key) => onTab(key as ListTab)}>
      <TabList aria-label={label}>
        <Tab id="active">Active</Tab>
        <Tab id="archive">Archive</Tab>
      </TabList>
      <TabPanel id="active">{children}</TabPanel>
      <TabPanel id="archive">{children}</TabPanel>
    </Tabs>
  );
}
