import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { LIMITS } from '../../../../contracts/constants';
import type { FeaturableKind } from '../../../api/admin';
import { forumQueries } from '../../../api/forums';
import { newsQueries } from '../../../api/news';
import { podcastQueries } from '../../../api/podcasts';
import { Badge } from '../../../components/Badge';
import { EmptyState } from '../../../components/EmptyState';
import { Switch } from '../../../components/Switch';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/Tabs';
import { excerptOrContent } from '../../../../contracts/text';
import { AdminPage } from '../AdminPage';
import { TableSkeleton } from '../TableSkeleton';
import { LoadFailure } from '../../content';
import { useFeatured } from './siteMutations';

/** /admin/main-page (spec 2, Main Page Control Panel; editors and admins). */
export function MainPageScreen() {
  return (
    <AdminPage
      title="Main Page Control Panel"
      description="Choose what the home page features: featured items come first in its sections."
      allow="editor"
      showBackLink
    >
      <FeaturedTabs />
    </AdminPage>
  );
}

/** One row of a tab, whatever its kind. */
interface FeaturableItem {
  id: string;
  title: string;
  status: 'draft' | 'published';
  isFeatured: boolean;
  summary: string;
  categories: ReadonlyArray<{ id: string; name: string; color: string }>;
  isPinned?: boolean;
}

/** Spec 2: the first 150 characters (with '...' when cut). */
function summarize(text: string): string {
  return text.length > LIMITS.excerptFallback ? `${text.slice(0, LIMITS.excerptFallback)}...` : text;
}

function FeaturedTabs() {
  const [tab, setTab] = useState<Key>('news');
  const news = useQuery({
    ...newsQueries.list(),
    select: (articles): FeaturableItem[] =>
      articles.map((a) => ({ ...a, summary: excerptOrContent(a.excerpt, a.content) })),
  });
  const podcasts = useQuery({
    ...podcastQueries.list(),
    select: (episodes): FeaturableItem[] =>
      episodes.map((p) => ({ ...p, summary: summarize(p.description ?? '') })),
  });
  const discussions = useQuery({
    ...forumQueries.list(),
    select: (list): FeaturableItem[] =>
      list.map((d) => ({ ...d, categories: d.newsCategories, summary: summarize(d.content) })),
  });

  const tabs: Array<{ kind: FeaturableKind; label: string; query: UseQueryResult<FeaturableItem[]> }> = [
    { kind: 'news', label: 'News Articles', query: news },
    { kind: 'podcasts', label: 'Podcasts', query: podcasts },
    { kind: 'discussions', label: 'Discussions', query: discussions },
  ];

  return (
    <Tabs selectedKey={tab} onSelectionChange={setTab}>
      <TabList aria-label="Content types">
        {tabs.map(({ kind, label, query }) => (
          <Tab key={kind} id={kind}>
            {label} ({query.data ? query.data.filter((item) => item.isFeatured).length : '…'})
          </Tab>
        ))}
      </TabList>
      {tabs.map(({ kind, label, query }) => (
        <TabPanel key={kind} id={kind}>
          <FeaturedList kind={kind} label={label} query={query} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

function FeaturedList({ kind, label, query }: { kind: FeaturableKind; label: string; query: UseQueryResult<FeaturableItem[]> }) {
  const toggle = useFeatured(kind);

  if (query.isPending) return <TableSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (query.isError) {
    return (
      <LoadFailure
        what="admin"
        error={query.error}
        title={`${label} could not be loaded.`}
        retry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <EmptyState title={`No ${label.toLowerCase()} yet.`} />;

  return (
    <ul className="stack-list stack-list--tight" aria-label={label}>
      {query.data.map((item) => {
        const pending = toggle.isPending && toggle.variables.id === item.id ? toggle.variables.isFeatured : null;
        const isFeatured = pending ?? item.isFeatured;
        return (
          <FeaturedRow key={item.id} item={item} isFeatured={isFeatured}>
            <Switch
              isSelected={isFeatured}
              isDisabled={pending !== null}
              onChange={(value) => toggle.mutate({ id: item.id, isFeatured: value })}
              aria-label={`Feature "${item.title}"`}
            >
              <span aria-hidden="true">Featured</span>
            </Switch>
          </FeaturedRow>
        );
      })}
    </ul>
  );
}

function FeaturedRow({ item, isFeatured, children }: { item: FeaturableItem; isFeatured: boolean; children: ReactNode }) {
  return (
    <li className={['featured-item', isFeatured ? 'featured-item--on' : ''].filter(Boolean).join(' ')}>
      <div className="featured-item__main">
        <div className="featured-item__heading">
          {isFeatured ? (
            <span className="featured-item__star" role="img" aria-label="Featured">
              ★
            </span>
          ) : null}
          <h3 className="featured-item__title">{item.title}</h3>
        </div>
        <div className="badge-list featured-item__badges">
          <Badge tone={item.status === 'published' ? 'green' : 'amber'}>{item.status === 'published' ? 'Published' : 'Draft'}</Badge>
          {item.isPinned ? <Badge tone="blue">Pinned</Badge> : null}
          {item.categories.map((category) => (
            <Badge key={category.id} color={category.color}>
              {category.name}
            </Badge>
          ))}
        </div>
        <p className="featured-item__summary">{item.summary}</p>
      </div>
      <div className="featured-item__toggle">{children}</div>
    </li>
  );
}
