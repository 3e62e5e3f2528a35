import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { PlainSearchField } from '../../components/PlainSearchField';
import { CategoryFilter, type CategoryFilterProps } from './CategoryFilter';
import { formatCategoryParam, parseCategoryParam, type ListTab } from './listFilters';

// React Aria's tabs (editors only) and the site search's results (once something is typed) load when
// needed: a visitor's first /news or /podcasts needs neither (docs/performance.md, "2026-11-28: the
// first page under 200 KB").
const ListTabs = lazy(() => import('./ListTabs').then((m) => ({ default: m.ListTabs })));
const SiteSearchResults = lazy(() => import('../search').then((m) => ({ default: m.SiteSearchResults })));

/**
 * The list state /news and /podcasts share: the search text and the editor's tab here; the selected
 * categories in the address's `categories` parameter, which the screen reads and writes
 * (`setCategoryParam`). `controls` are ContentListBody's props for them.
 */
export function useContentListControls(
  isEditor: boolean,
  categoryParam: string | undefined,
  setCategoryParam: (param: string | undefined) => void,
) {
  const [tab, setTab] = useState<ListTab>('active');
  const [search, setSearch] = useState('');
  const selected = useMemo(() => parseCategoryParam(categoryParam), [categoryParam]);
  const onSelect = (ids: string[]) => setCategoryParam(formatCategoryParam(ids));
  return {
    search,
    selected,
    archivedOnly: isEditor && tab === 'archive',
    controls: { search, onSearch: setSearch, selected, onSelect, tab: isEditor ? tab : null, onTab: setTab },
  };
}

export interface ContentListBodyProps {
  /** 'articles', 'episodes': the search field's label and placeholder. */
  what: string;
  /** The tab list's accessible name ('Article lists'). */
  tabsLabel: string;
  search: string;
  onSearch: (value: string) => void;
  categories: CategoryFilterProps['categories'];
  selected: CategoryFilterProps['selected'];
  onSelect: (ids: string[]) => void;
  /** Editors and admins choose between the Active and Archive lists; others see the active list only. */
  tab: ListTab | null;
  onTab: (tab: ListTab) => void;
  /** The list as the screen draws it (its states, cards and Load more). */
  children: ReactNode;
}

/**
 * The body of /news and /podcasts (spec 2): the search field and category chips, the list (in Active
 * and Archive tabs for editors), then the whole site's matches for the search. One component for
 * both screens.
 */
export function ContentListBody({ what, tabsLabel, search, onSearch, categories, selected, onSelect, tab, onTab, children }: ContentListBodyProps) {
  // Once searched, the results stay mounted (as before) while the box is emptied and filled again.
  const [searched, setSearched] = useState(false);
  if (search !== '' && !searched) setSearched(true);
  return (
    <>
      <div className="content-list__filters">
        <PlainSearchField
          label={`Search ${what}`}
          isLabelHidden
          placeholder={`Search ${what}...`}
          value={search}
          onChange={onSearch}
          className="content-list__search"
        />
        <CategoryFilter categories={categories} selected={selected} onChange={onSelect} />
      </div>

      {tab ? (
        <Suspense fallback={null}>
          <ListTabs label={tabsLabel} tab={tab} onTab={onTab}>
            {children}
          </ListTabs>
        </Suspense>
      ) : (
        children
      )}

      {searched ? (
        <Suspense fallback={null}>
          <SiteSearchResults query={search} />
        </Suspense>
      ) : null}
    </>
  );
}
