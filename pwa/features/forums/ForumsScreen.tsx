import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useId, useMemo, useState, type CSSProperties } from 'react';
import type { Discussion, ForumCategory } from '../../../contracts/forums';
import { authQueries } from '../../session/queries';
import { forumQueries } from '../../api/forums';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState } from '../../components/EmptyState';
import { PlainSearchField } from '../../components/PlainSearchField';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { PlainButton, PlainToggleButton } from '../../components/PlainButton';
import { DiscussionCard } from './DiscussionCard';
import { useDeleteDiscussion, useQueuedDiscussions } from './mutations';
import './forums.css';
import { LoadFailure } from '../content';
import { LoadMore } from '../content';
import { QueuedPostItems } from '../content';

/** Case-insensitive substring match on title or content (spec 5: searches run in the browser). */
function matches(discussion: Discussion, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return discussion.title.toLowerCase().includes(needle) || discussion.content.toLowerCase().includes(needle);
}

type Editing = { discussion: Discussion | null } | null;

// Signed-in members' only: the form library and its schemas stay out of every reader's forum page.
// The first render is plain elements (PlainSearchField, PlainToggleButton); React Aria's dialogs and the
// site search's results load when first needed (docs/performance.md, "First visit").
const SiteSearchResults = lazy(() => import('../search').then((m) => ({ default: m.SiteSearchResults })));
const DeleteDialog = lazy(() => import('../../components/Dialog').then((m) => ({ default: m.DeleteDialog })));
// A member's only (React Aria's Select): a visitor's page does not download it.
const WatchControl = lazy(() => import('../watching').then((m) => ({ default: m.WatchControl })));
const DiscussionFormDialog = lazy(() => import('./DiscussionFormDialog').then((m) => ({ default: m.DiscussionFormDialog })));

/** /forums (spec 2): category filter cards, search, the discussion list and its dialogs. */
export function ForumsScreen() {
  const { data: user } = useQuery(authQueries.user());
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  // Only discussions without a marked answer (the server filters: `?unanswered=1`).
  const [unanswered, setUnanswered] = useState(false);
  const deferredSearch = useDeferredValue(search);
  // Once searched, the site's results stay mounted while the box is emptied and filled again.
  const [searched, setSearched] = useState(false);
  if (search !== '' && !searched) setSearched(true);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Discussion | null>(null);

  const categories = useQuery(forumQueries.categories());
  const discussions = useInfiniteQuery(forumQueries.pages({ categoryId, unanswered }));
  const loaded = useMemo(() => discussions.data?.pages.flatMap((page) => page.items) ?? [], [discussions.data]);
  // New discussions still in the outbox, until the list has them.
  const listed = new Set(loaded.map((discussion) => discussion.id));
  const queued = useQueuedDiscussions(listed);
  const colorOf = new Map((categories.data ?? []).map((category) => [category.id, category.color]));
  const visible = loaded.filter((discussion) => matches(discussion, deferredSearch));
  const selectedCategory = categories.data?.find((category) => category.id === categoryId);
  const isFiltered = categoryId !== null || unanswered || deferredSearch.trim() !== '';

  return (
    <div className="forums">
      <header className="heading-row forums__header">
        <div className="page-header">
          <h1>Community Forums</h1>
          <p>Ask questions, compare notes and learn from accounting and finance professionals facing the same challenges.</p>
        </div>
        {user ? <PlainButton onPress={() => setEditing({ discussion: null })}>New Discussion</PlainButton> : null}
      </header>

      <section aria-labelledby="forum-categories-title" className="forums__categories">
        <h2 id="forum-categories-title" className="forums__section-title">
          Categories
        </h2>
        {categories.isPending ? (
          <SkeletonGroup label="Loading categories" className="forum-category-grid">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} shape="rect" height="6.5rem" className="forum-category-skeleton" />
            ))}
          </SkeletonGroup>
        ) : categories.isError ? (
          <LoadFailure error={categories.error} title="The forum categories could not be loaded." retry={() => void categories.refetch()} />
        ) : categories.data.length === 0 ? (
          <EmptyState title="No forum categories yet." />
        ) : (
          <CardGrid items={categories.data} itemKey={(category) => category.id} variant="compact" className="forum-category-grid">
            {(category) => (
              <CategoryCard
                category={category}
                isSelected={category.id === categoryId}
                onChange={(selected) => setCategoryId(selected ? category.id : null)}
              />
            )}
          </CardGrid>
        )}
      </section>

      {queued.length ? (
        <section aria-labelledby="queued-discussions-title" className="forums__discussions">
          <h2 id="queued-discussions-title" className="forums__section-title">
            Waiting to sync
          </h2>
          <ul className="stack-list" aria-label="Discussions waiting to sync">
            <QueuedPostItems items={queued} />
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="discussions-title" className="forums__discussions">
        <div className="split-row forums__list-header">
          <h2 id="discussions-title" className="forums__section-title">
            {selectedCategory ? `${selectedCategory.name} Discussions` : 'Recent Discussions'}
          </h2>
          <div className="forums__filters">
            <PlainToggleButton isSelected={unanswered} onChange={setUnanswered}>
              Unanswered
            </PlainToggleButton>
            <PlainSearchField
              label="Search discussions"
              isLabelHidden
              placeholder="Search discussions..."
              value={search}
              onChange={setSearch}
              className="forums__search"
            />
          </div>
          {selectedCategory && user ? (
            <Suspense fallback={null}>
              <WatchControl key={selectedCategory.id} target="category" id={selectedCategory.id} />
            </Suspense>
          ) : null}
        </div>
        {discussions.isPending ? (
          <SkeletonGroup label="Loading discussions" className="stack-list">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="card discussion-card discussion-card--skeleton" aria-hidden="true">
                <div className="card__body">
                  <Skeleton width="25%" />
                  <Skeleton width="70%" height="1.4em" />
                  <Skeleton width="100%" />
                  <Skeleton width="45%" />
                </div>
              </div>
            ))}
          </SkeletonGroup>
        ) : discussions.isError ? (
          <LoadFailure error={discussions.error} title="The discussions could not be loaded." retry={() => void discussions.refetch()} />
        ) : visible.length === 0 ? (
          <EmptyState
            title={isFiltered ? 'No discussions found matching your criteria.' : 'No discussions yet.'}
            description={!isFiltered && user ? 'Start the first discussion and get the conversation going.' : undefined}
          />
        ) : (
          <CardGrid items={visible} itemKey={(discussion) => discussion.id} className="stack-list" aria-label="Discussions">
            {(discussion) => (
              <DiscussionCard
                discussion={discussion}
                categoryColor={discussion.categoryId ? colorOf.get(discussion.categoryId) : null}
                user={user}
                onEdit={(d) => setEditing({ discussion: d })}
                onDelete={setDeleting}
              />
            )}
          </CardGrid>
        )}
        {discussions.isSuccess ? <LoadMore list={discussions} label="Load More Discussions" what="discussions" /> : null}
      </section>

      {searched ? (
        <Suspense fallback={null}>
          <SiteSearchResults query={search} />
        </Suspense>
      ) : null}

      {user ? (
        <Suspense fallback={null}>
          <DiscussionFormDialog
            discussion={editing?.discussion ?? null}
            categories={categories.data ?? []}
            isOpen={editing !== null}
            onOpenChange={(isOpen) => !isOpen && setEditing(null)}
          />
        </Suspense>
      ) : null}
      {deleting ? (
        <Suspense fallback={null}>
          <DeleteDiscussionDialog discussion={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A category card is a toggle: pressed filters the list to the category, pressed again clears it. */
function CategoryCard({
  category,
  isSelected,
  onChange,
}: {
  category: ForumCategory;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
}) {
  const id = useId();
  // Named by the category alone; the description and count are read as its description.
  return (
    <PlainToggleButton
      isSelected={isSelected}
      onChange={onChange}
      className="forum-category"
      style={category.color ? ({ '--category-color': category.color } as CSSProperties) : undefined}
      aria-labelledby={`${id}-name`}
      aria-describedby={category.description ? `${id}-description ${id}-count` : `${id}-count`}
    >
      <span id={`${id}-name`} className="forum-category__name">
        {category.name}
      </span>
      {category.description ? (
        <span id={`${id}-description`} className="forum-category__description">
          {category.description}
        </span>
      ) : null}
      <span id={`${id}-count`} className="forum-category__count">
        {category.discussionCount} {category.discussionCount === 1 ? 'discussion' : 'discussions'}
      </span>
    </PlainToggleButton>
  );
}

function DeleteDiscussionDialog({ discussion, onClose }: { discussion: Discussion | null; onClose: () => void }) {
  const remove = useDeleteDiscussion();

  return (
    <DeleteDialog
      title="Delete Discussion"
      isOpen={discussion !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      isPending={remove.isPending}
      onAction={() => discussion && remove.mutate(discussion.id, { onSuccess: onClose })}
    >
      <p>Are you sure you want to delete "{discussion?.title}"? This action cannot be undone.</p>
    </DeleteDialog>
  );
}
