import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { Podcast } from '../../../contracts/podcasts';
import { newsCategoryQueries } from '../../api/news';
import { podcastQueries } from '../../api/podcasts';
import { podcastShowQueries } from '../../api/podcast-shows';
import { Badge } from '../../components/Badge';
import { PlainLinkButton } from '../../components/PlainButton';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState } from '../../components/EmptyState';
import { CardGridSkeleton } from '../../components/Skeleton';
import { chipCategories, matchesSearch } from '../content';
import { LoadMore } from '../content';
import { StatusTools } from '../content';
import { useViewer, type Viewer } from '../../session/viewer';
import { useSiteName } from '../site';
import { EpisodeCard } from './EpisodeCard';
import { ShowList } from './ShowList';
import { TopicControl } from '../topics';
import { parseShowParam } from './showFilter';
import { SubscribeSection } from './SubscribeSection';
import { usePodcastArchive, usePodcastStatus } from './mutations';
import { ContentListBody, useContentListControls } from '../content';
import '../../styles/posts.css';
import './podcasts.css';
import { LoadFailure } from '../content';

const route = getRouteApi('/podcasts');


/** /podcasts (spec 2, Podcasts). */
export function PodcastsScreen() {
  const siteName = useSiteName();
  const viewer = useViewer();
  const navigate = route.useNavigate();
  const { categories: categoryParam, show: showParam } = route.useSearch();
  // Parsed again, as the categories are: the router passes a search key its validator dropped through.
  const showSlug = parseShowParam(showParam);
  const { search, selected, archivedOnly, controls } = useContentListControls(viewer.isEditor, categoryParam, (categories) =>
    void navigate({ search: (prev) => ({ ...prev, categories }), replace: true, resetScroll: false }),
  );

  // Paged like /news (12 at a time), of one show when a show tile is pressed; the chips are the
  // categories of every published episode.
  const shown = useInfiniteQuery(podcastQueries.pages({ categories: selected, archivedOnly, show: showSlug }));
  const shows = useQuery(podcastShowQueries.list());
  const selectedShow = shows.data?.find((show) => show.slug === showSlug);
  const used = useQuery(newsCategoryQueries.usedBy('podcasts'));
  const featured = useQuery({ ...podcastQueries.featured(), enabled: !archivedOnly });
  const loaded = useMemo(() => shown.data?.pages.flatMap((page) => page.items) ?? [], [shown.data]);
  const categories = chipCategories(used.data, selected, loaded);

  // Like the chips, a show tile replaces the address (no history entry for each press).
  const setShow = (slug: string | undefined) =>
    void navigate({
      search: (prev) => ({ ...prev, show: slug }),
      replace: true,
      resetScroll: false,
    });

  const isSearching = search.trim() !== '';
  const isFiltering = isSearching || selected.length > 0 || showSlug !== undefined;
  // The featured card tops the unfiltered Active list: the first featured episode, else the newest.
  const featuredEpisode =
    archivedOnly || isFiltering || !viewer.isKnown ? undefined : (featured.data?.[0] ?? loaded[0]);
  // ...and is not repeated as the first of the Recent Episodes.
  const visible = loaded.filter(
    (podcast) =>
      podcast.id !== featuredEpisode?.id && matchesSearch(search, podcast.title, podcast.description, podcast.guestName),
  );

  const results = (
    <>
      {featuredEpisode ? (
        <section className="podcasts__featured" aria-labelledby="featured-episode-title">
          <h2 id="featured-episode-title" className="visually-hidden">
            Featured Episode
          </h2>
          <EpisodeCard podcast={featuredEpisode} isFeatured headingLevel={3} {...editorExtras(viewer, featuredEpisode)} />
        </section>
      ) : null}
      <section className="podcasts__episodes" aria-labelledby="episodes-title">
        <h2 id="episodes-title">
          {isSearching
            ? `Search Results (${visible.length})`
            : showSlug
              ? `Episodes of ${selectedShow?.name ?? 'this show'}`
              : 'Recent Episodes'}
        </h2>
        {selectedShow ? <TopicControl key={selectedShow.id} kind="podcast_show" id={selectedShow.id} /> : null}
        {shown.isPending || !viewer.isKnown ? (
          <CardGridSkeleton count={6} label="Loading episodes" />
        ) : shown.isLoadingError ? (
          <LoadFailure error={shown.error} title="Episodes could not be loaded." retry={() => void shown.refetch()} />
        ) : visible.length === 0 ? (
          <>
            {featuredEpisode ? (
              <p className="podcasts__only-featured">The featured episode is the only one so far.</p>
            ) : (
              <EmptyState title={isFiltering ? 'No episodes found matching your search.' : 'No episodes available yet.'} />
            )}
            <LoadMore list={shown} label="Load More Episodes" what="episodes" />
          </>
        ) : (
          <>
            <CardGrid items={visible} itemKey={(podcast) => podcast.id} aria-label="Episodes">
              {(podcast, index) => <EpisodeCard podcast={podcast} imagePriority={index === 0} {...editorExtras(viewer, podcast)} />}
            </CardGrid>
            <LoadMore list={shown} label="Load More Episodes" what="episodes" />
          </>
        )}
      </section>
    </>
  );

  return (
    <div className="content-list podcasts">
      <header className="page-header heading-row">
        <div>
          <h1>{siteName} Podcast Hub</h1>
          <p>Conversations with the people shaping accounting, audit and corporate finance.</p>
        </div>
        {viewer.isEditor ? (
          <PlainLinkButton to="/podcasts/add" className="content-list__add">
            Add Podcast
          </PlainLinkButton>
        ) : null}
      </header>

      <ShowList shows={shows.data ?? []} selected={showSlug} onChange={setShow} />

      <ContentListBody
        what="episodes"
        tabsLabel="Episode lists"
        categories={categories}
        {...controls}
      >
        {results}
      </ContentListBody>

      <SubscribeSection siteName={siteName} />
    </div>
  );
}

/** Published/Draft badge and the editor tools, for editors and admins only. */
function editorExtras(viewer: Viewer, podcast: Podcast) {
  if (!viewer.isEditor) return {};
  return {
    statusBadge: (
      <Badge tone={podcast.status === 'published' ? 'green' : 'amber'}>
        {podcast.status === 'published' ? 'Published' : 'Draft'}
      </Badge>
    ),
    tools: <EpisodeEditorTools podcast={podcast} />,
  };
}

function EpisodeEditorTools({ podcast }: { podcast: Podcast }) {
  const status = usePodcastStatus(podcast);
  const archive = usePodcastArchive(podcast);
  return <StatusTools item={podcast} editTo="/podcasts/$id/edit" status={status} archive={archive} />;
}
