import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import type { Key } from 'react-aria-components';
import { RESOURCE_TYPES, isAdminRole } from '../../../contracts/constants';
import type { Resource } from '../../../contracts/resources';
import { authQueries } from '../../session/queries';
import { resourceQueries, type ResourceCategory, type ResourceType } from '../../api/resources';
import { Button } from '../../components/Button';
import { balancedColumns, balancedGridClasses, CardGrid } from '../../components/CardGrid';
import { DeleteDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { SearchField } from '../../components/SearchField';
import { Select } from '../../components/Select';
import { CardGridSkeleton, Skeleton } from '../../components/Skeleton';
import { ToggleButton } from '../../components/ToggleButton';
import { CATEGORY_OPTIONS, TYPE_LABELS } from './labels';
import { useDeleteResource } from './mutations';
import { ResourceCard } from './ResourceCard';
import { SiteSearchResults } from '../search';
import './resources.css';
import { OfflineNotice } from '../../components/OfflineNotice';
import { OfflineError } from '../../lib/errors';

/** The stat tiles: a balanced grid (4 types → 2 × 2 or 4 in a row, never 3 + 1). */
const tiles = balancedGridClasses('tile');
const ALL = 'all';
const CATEGORY_FILTER_OPTIONS = [{ id: ALL, label: 'All Categories' }, ...CATEGORY_OPTIONS];

/** Case-insensitive substring match on title or description (spec 5: in the browser). */
function matches(resource: Resource, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return resource.title.toLowerCase().includes(needle) || (resource.description ?? '').toLowerCase().includes(needle);
}

type Editing = { resource: Resource | null } | null;

// Admins' only: the form library and its schemas stay out of every reader's resources page.
const ResourceFormDialog = lazy(() => import('./ResourceFormDialog').then((m) => ({ default: m.ResourceFormDialog })));

/** /resources (spec 2): type tiles, filters, resource cards; admins add, edit and delete. */
export function ResourcesScreen() {
  const { data: user } = useQuery(authQueries.user());
  const isAdmin = isAdminRole(user?.role);
  const [type, setType] = useState<ResourceType | null>(null);
  const [category, setCategory] = useState<ResourceCategory | null>(null);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);

  // The tiles count the whole library; type and category narrow the list on the server (spec 7).
  const library = useQuery(resourceQueries.list());
  const filtered = useQuery(resourceQueries.list({ type, category }));
  const visible = (filtered.data ?? []).filter((resource) => matches(resource, deferredSearch));

  return (
    <div className="resources">
      <header className="heading-row resources__header">
        <div className="page-header">
          <h1>Educational Resources</h1>
          <p>E-books, webinars, case studies and certifications to build your skills in accounting, audit and AI.</p>
        </div>
        {isAdmin ? <Button onPress={() => setEditing({ resource: null })}>New Resource</Button> : null}
      </header>

      {/* No skeleton beside an error: without the library there are no counts to show. */}
      {library.isError ? null : (
        <div className={tiles.frame}>
          <ul
            className={`resource-stats ${tiles.list}`}
            aria-label="Resources by type"
            aria-busy={library.isPending || undefined}
            style={balancedColumns(RESOURCE_TYPES.length)}
          >
            {RESOURCE_TYPES.map((id) => (
              <li key={id} className="resource-stat">
                <span className="resource-stat__value">
                  {library.data ? library.data.filter((resource) => resource.type === id).length : <Skeleton width="2ch" />}
                </span>
                <span className="resource-stat__label">{TYPE_LABELS[id].many}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="resource-filters">
        <div role="group" aria-label="Filter by type" className="resource-filters__types">
          <ToggleButton isSelected={type === null} onChange={() => setType(null)}>
            All Types
          </ToggleButton>
          {RESOURCE_TYPES.map((id) => (
            <ToggleButton key={id} isSelected={type === id} onChange={(selected) => setType(selected ? id : null)}>
              {TYPE_LABELS[id].many}
            </ToggleButton>
          ))}
        </div>
        <div className="resource-filters__row">
          <Select
            label="Category"
            options={CATEGORY_FILTER_OPTIONS}
            value={category ?? ALL}
            onChange={(key: Key | null) => setCategory(key === null || key === ALL ? null : (key as ResourceCategory))}
            className="resource-filters__category"
          />
          <SearchField
            label="Search resources"
            placeholder="Search resources..."
            value={search}
            onChange={setSearch}
            className="resource-filters__search"
          />
        </div>
      </div>

      {filtered.isPending ? (
        <CardGridSkeleton count={6} label="Loading resources" />
      ) : filtered.isError && filtered.error instanceof OfflineError ? (
        <OfflineNotice what="list" level={2} />
      ) : filtered.isError ? (
        <EmptyState
          title="The resources could not be loaded."
          action={
            <Button variant="secondary" onPress={() => void filtered.refetch()}>
              Try again
            </Button>
          }
        />
      ) : visible.length === 0 ? (
        <EmptyState title="No resources found matching your criteria." />
      ) : (
        <CardGrid items={visible} itemKey={(resource) => resource.id} aria-label="Resources">
          {(resource) => (
            <ResourceCard resource={resource} isAdmin={isAdmin} onEdit={(r) => setEditing({ resource: r })} onDelete={setDeleting} />
          )}
        </CardGrid>
      )}

      <SiteSearchResults query={search} />

      {isAdmin ? (
        <>
          <Suspense fallback={null}>
            <ResourceFormDialog
              resource={editing?.resource ?? null}
              isOpen={editing !== null}
              onOpenChange={(isOpen) => !isOpen && setEditing(null)}
            />
          </Suspense>
          <DeleteResourceDialog resource={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </div>
  );
}

function DeleteResourceDialog({ resource, onClose }: { resource: Resource | null; onClose: () => void }) {
  const remove = useDeleteResource();

  return (
    <DeleteDialog
      title="Delete Resource"
      isOpen={resource !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      isPending={remove.isPending}
      onAction={() => resource && remove.mutate(resource.id, { onSuccess: onClose })}
    >
      <p>Are you sure you want to delete "{resource?.title}"? This action cannot be undone.</p>
    </DeleteDialog>
  );
}
