import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { Key, Selection } from 'react-aria-components';
import type { AdminContentAction, AdminContentKind, AdminContentPage, AdminContentRow, AdminContentTab } from '../../../../contracts/admin-content';
import { adminContentQueries, type AdminContentParams } from '../../../api/adminContent';
import { newsCategoryQueries } from '../../../api/news';
import { podcastShowQueries } from '../../../api/podcast-shows';
import { Badge } from '../../../components/Badge';
import { Button, LinkButton } from '../../../components/Button';
import { AlertDialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { SearchField } from '../../../components/SearchField';
import { Select } from '../../../components/Select';
import { SelectableTable, type SelectableColumn } from '../../../components/SelectableTable';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/Tabs';
import { Time } from '../../../components/Time';
import { formatCount } from '../../../lib/format';
import { useViewer } from '../../../session/viewer';
import { LoadFailure } from '../../content';
import { AdminPage } from '../AdminPage';
import { TableSkeleton } from '../TableSkeleton';
import { ACTION_VERBS, countOf, useBulkContentAction } from './contentMutations';
import './content.css';

const route = getRouteApi('/authenticated/admin/content');

const KIND_OPTIONS = [
  { id: 'article', label: 'Articles' },
  { id: 'episode', label: 'Episodes' },
];
const TABS: Array<{ id: AdminContentTab; label: string }> = [
  { id: 'draft', label: 'Drafts' },
  { id: 'scheduled', label: 'Scheduled' },
  { id: 'published', label: 'Published' },
  { id: 'archived', label: 'Archived' },
];
const SORT_OPTIONS = [
  { id: 'updated', label: 'Last updated' },
  { id: 'published', label: 'Published date' },
];
const ANY = 'any';

/** /admin/content: every article or episode in status tabs, with filters, pages and bulk actions (editors and admins). */
export function ContentScreen() {
  return (
    <AdminPage title="Content" description="Find, publish, archive and delete articles and episodes." allow="editor" showBackLink>
      <ContentList />
    </AdminPage>
  );
}

function ContentList() {
  const params = route.useSearch();
  const navigate = route.useNavigate();
  const [selected, setSelected] = useState<Selection>(new Set());
  const [search, setSearch] = useState(params.q ?? '');
  const page = useQuery(adminContentQueries.page(params));

  // A new filter, tab or page is a new set of rows: what was selected is no longer on screen.
  const go = (change: Partial<AdminContentParams>) => {
    setSelected(new Set());
    void navigate({ search: (prev) => ({ ...prev, page: 1, ...change }), replace: true, resetScroll: false });
  };
  const noun = params.kind === 'article' ? 'articles' : 'episodes';

  return (
    <>
      <div className="admin-filters content-filters">
        <Select
          label="Type"
          options={KIND_OPTIONS}
          value={params.kind}
          onChange={(key) => go({ kind: (key as AdminContentKind | null) ?? 'article', show: undefined, category: undefined })}
        />
        <SearchField
          label={`Search ${noun}`}
          placeholder="Search by title..."
          value={search}
          onChange={(value) => {
            setSearch(value);
            go({ q: value.trim() ? value : undefined });
          }}
          className="admin-filters__search"
        />
        <Filters params={params} rows={page.data?.rows} go={go} />
      </div>
      <Tabs
        selectedKey={params.status}
        onSelectionChange={(key) => go({ status: key as AdminContentTab })}
        className="content-tabs"
      >
        <TabList aria-label="Status">
          {TABS.map((tab) => (
            <Tab key={tab.id} id={tab.id}>
              {page.data ? `${tab.label} (${formatCount(page.data.counts[tab.id])})` : tab.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map((tab) => (
          <TabPanel key={tab.id} id={tab.id}>
            <section className="admin-card content-card" aria-busy={page.isFetching || undefined} aria-label={`${tab.label} ${noun}`}>
              <ContentResults
                params={params}
                query={page}
                selected={selected}
                onSelectionChange={setSelected}
                onPage={(n) => go({ page: n })}
              />
            </section>
          </TabPanel>
        ))}
      </Tabs>
    </>
  );
}

/** Category (articles) or show and category (episodes), author and sort. */
function Filters({ params, rows, go }: { params: AdminContentParams; rows: AdminContentRow[] | undefined; go: (change: Partial<AdminContentParams>) => void }) {
  const viewer = useViewer();
  const categories = useQuery(newsCategoryQueries.list());
  const shows = useQuery({ ...podcastShowQueries.list(), enabled: params.kind === 'episode' });
  const pick = (key: Key | null) => (key === null || key === ANY ? undefined : String(key));

  // Authors to choose from: the viewer, and whoever wrote what is on screen (the filter narrows from there).
  const authors = new Map<string, string>();
  if (viewer.user) authors.set(viewer.user.id, 'Me');
  for (const row of rows ?? []) if (row.author && !authors.has(row.author.id)) authors.set(row.author.id, row.author.name);
  if (params.author && !authors.has(params.author)) authors.set(params.author, 'Selected author');

  return (
    <>
      <Select
        label="Category"
        options={[{ id: ANY, label: 'All categories' }, ...(categories.data ?? []).map((c) => ({ id: c.id, label: c.name }))]}
        value={params.category ?? ANY}
        onChange={(key) => go({ category: pick(key) })}
      />
      {params.kind === 'episode' ? (
        <Select
          label="Show"
          options={[{ id: ANY, label: 'All shows' }, ...(shows.data ?? []).map((s) => ({ id: s.id, label: s.name }))]}
          value={params.show ?? ANY}
          onChange={(key) => go({ show: pick(key) })}
        />
      ) : null}
      <Select
        label="Author"
        options={[{ id: ANY, label: 'All authors' }, ...[...authors].map(([id, name]) => ({ id, label: name }))]}
        value={params.author ?? ANY}
        onChange={(key) => go({ author: pick(key) })}
      />
      <Select label="Sort by" options={SORT_OPTIONS} value={params.sort} onChange={(key) => go({ sort: key === 'published' ? 'published' : 'updated' })} />
    </>
  );
}

function ContentResults({
  params,
  query,
  selected,
  onSelectionChange,
  onPage,
}: {
  params: AdminContentParams;
  query: ReturnType<typeof useQuery<AdminContentPage>>;
  selected: Selection;
  onSelectionChange: (keys: Selection) => void;
  onPage: (page: number) => void;
}) {
  const noun = params.kind === 'article' ? 'articles' : 'episodes';
  if (query.isPending) return <TableSkeleton label={`Loading ${noun}`} />;
  if (query.isError) return <LoadFailure what="admin" error={query.error} title={`The ${noun} could not be loaded.`} retry={() => void query.refetch()} />;
  const { rows, total, limit } = query.data;
  const pages = Math.max(1, Math.ceil(total / limit));
  if (rows.length === 0) {
    return (
      <EmptyState
        title={`No ${noun} here.`}
        description={params.q || params.category || params.show || params.author ? 'Nothing matches these filters.' : undefined}
        action={params.page > 1 ? <Button variant="secondary" onPress={() => onPage(1)}>Go to page 1</Button> : undefined}
      />
    );
  }
  const ids = selected === 'all' ? rows.map((r) => r.id) : rows.filter((r) => selected.has(r.id)).map((r) => r.id);
  return (
    <>
      <BulkBar kind={params.kind} tab={params.status} ids={ids} onDone={() => onSelectionChange(new Set())} />
      <ContentTable kind={params.kind} rows={rows} selected={selected} onSelectionChange={onSelectionChange} />
      <nav className="content-pager" aria-label="Pages">
        <Button variant="secondary" size="sm" isDisabled={params.page <= 1} onPress={() => onPage(params.page - 1)}>
          Previous
        </Button>
        <span aria-live="polite">
          Page {params.page} of {pages} · {formatCount(total)} {noun}
        </span>
        <Button variant="secondary" size="sm" isDisabled={params.page >= pages} onPress={() => onPage(params.page + 1)}>
          Next
        </Button>
      </nav>
    </>
  );
}

/** The actions for what is selected, each behind one confirmation naming the count. */
function BulkBar({ kind, tab, ids, onDone }: { kind: AdminContentKind; tab: AdminContentTab; ids: string[]; onDone: () => void }) {
  const bulk = useBulkContentAction();
  const [asking, setAsking] = useState<AdminContentAction | null>(null);
  // Archived items are unarchived rather than archived again.
  const actions: AdminContentAction[] = ['publish', 'unpublish', tab === 'archived' ? 'unarchive' : 'archive', 'delete'];
  const what = countOf(kind, ids.length);
  const shown = asking ?? 'publish';
  return (
    <div className="content-bulk" role="group" aria-label="Bulk actions">
      <span className="content-bulk__count" aria-live="polite">
        {ids.length ? `${what} selected` : 'Select rows to act on several at once.'}
      </span>
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'delete' ? 'destructive' : 'secondary'}
          isDisabled={!ids.length || bulk.isPending}
          onPress={() => setAsking(action)}
        >
          {ACTION_VERBS[action].verb}
        </Button>
      ))}
      <AlertDialog
        title={`${ACTION_VERBS[shown].verb} ${what}?`}
        isOpen={asking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setAsking(null);
        }}
        actionLabel={ACTION_VERBS[shown].verb}
        pendingLabel={ACTION_VERBS[shown].pending}
        isPending={bulk.isPending}
        variant={shown === 'delete' ? 'destructive' : 'primary'}
        onAction={() =>
          bulk.mutate(
            { kind, ids, action: shown },
            {
              onSettled: () => setAsking(null),
              onSuccess: onDone,
            },
          )
        }
      >
        {shown === 'delete'
          ? `The ${what} and their comments and likes will be deleted. This cannot be undone.`
          : `The ${what} will change at once for everyone.`}
      </AlertDialog>
    </div>
  );
}

function ContentTable({
  kind,
  rows,
  selected,
  onSelectionChange,
}: {
  kind: AdminContentKind;
  rows: AdminContentRow[];
  selected: Selection;
  onSelectionChange: (keys: Selection) => void;
}) {
  const columns: SelectableColumn[] = [
    { id: 'title', label: 'Title', isRowHeader: true },
    { id: 'status', label: 'Status' },
    kind === 'episode' ? { id: 'show', label: 'Show' } : { id: 'categories', label: 'Categories' },
    { id: 'author', label: 'Author' },
    { id: 'updated', label: 'Updated' },
    { id: 'published', label: 'Published' },
    { id: 'stats', label: kind === 'episode' ? 'Plays · Likes · Comments' : 'Likes · Comments' },
    { id: 'actions', label: 'Actions', noLabel: true },
  ];
  const base = kind === 'article' ? '/news' : '/podcasts';
  const cell = (row: AdminContentRow, column: string): ReactNode => {
    switch (column) {
      case 'title':
        return (
          <span className="content-table__title">
            {row.title}
            {row.isFeatured ? <Badge tone="amber">Featured</Badge> : null}
          </span>
        );
      case 'status':
        return <StatusBadge row={row} />;
      case 'show':
        return row.show?.name ?? '—';
      case 'categories':
        return row.categories.length ? row.categories.map((c) => c.name).join(', ') : 'General';
      case 'author':
        return row.author?.name ?? 'Unknown User';
      case 'updated':
        return <Time value={row.updatedAt} show="date" />;
      case 'published':
        return row.publishedAt ? <Time value={row.publishedAt} show="date" /> : '—';
      case 'stats':
        return [row.plays === null ? null : formatCount(row.plays), formatCount(row.likes), formatCount(row.commentCount)].filter((v) => v !== null).join(' · ');
      default:
        return (
          <span className="data-table__actions">
            <LinkButton to={`${base}/$id/edit`} params={{ id: row.id }} size="sm" variant="secondary" aria-label={`Edit ${row.title}`}>
              Edit
            </LinkButton>
            <LinkButton to={`${base}/$id`} params={{ id: row.id }} size="sm" variant="ghost" aria-label={`View ${row.title}`}>
              View
            </LinkButton>
          </span>
        );
    }
  };
  return (
    <SelectableTable
      aria-label={kind === 'article' ? 'Articles' : 'Episodes'}
      columns={columns}
      rows={rows}
      selectedKeys={selected}
      onSelectionChange={onSelectionChange}
      renderCell={cell}
    />
  );
}

function StatusBadge({ row }: { row: AdminContentRow }) {
  if (row.isArchived) return <Badge tone="neutral">Archived</Badge>;
  if (row.status === 'published') return <Badge tone="green">Published</Badge>;
  if (row.scheduledAt) {
    return (
      <Badge tone="blue">
        Scheduled <Time value={row.scheduledAt} show="dayTime" />
      </Badge>
    );
  }
  return <Badge tone="amber">Draft</Badge>;
}
