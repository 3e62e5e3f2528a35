import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { SHOWCASE_SIZE } from '../../api/news';
import { topicQueries } from '../../api/topics';
import { useViewer } from '../../session/viewer';

/**
 * The home page's pick (spec 2): featured items first (up to 3), then the newest others until there
 * are 3 — each item once, so a featured item is never repeated among the newest, and a
 * single featured item does not leave the row with holes. Lists arrive newest first from the API.
 */
export function pickShowcase<T extends { id: string; isFeatured: boolean }>(items: readonly T[], count = SHOWCASE_SIZE): T[] {
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  const featured = unique.filter((item) => item.isFeatured);
  const others = unique.filter((item) => !item.isFeatured);
  return [...featured, ...others].slice(0, count);
}

/**
 * A showcase from two short lists, the featured items and the newest few (never a whole page to pick
 * three from: docs/performance.md, "Home showcase"), as one query-like state for the screen.
 */
export function useShowcase<T extends ShowcaseItem, A extends QueryKey, B extends QueryKey>(
  featuredQuery: UseQueryOptions<T[], Error, T[], A>,
  latestQuery: UseQueryOptions<T[], Error, T[], B>,
) {
  const featured = useQuery(featuredQuery);
  const latest = useQuery(latestQuery);
  const muted = useMutedTopics();
  const failed = featured.isError ? featured : latest.isError ? latest : null;
  const all = featured.isSuccess && latest.isSuccess ? [...featured.data, ...latest.data] : [];
  return {
    isPending: featured.isPending || latest.isPending || muted.isPending,
    isError: failed !== null,
    error: failed?.error ?? null,
    isSuccess: featured.isSuccess && latest.isSuccess,
    data: pickShowcase(all.filter((item) => !muted.hides(item))),
    refetch: () => Promise.all([featured.refetch(), latest.refetch()]),
  };
}

type ShowcaseItem = { id: string; isFeatured: boolean; categoryIds: string[]; showId?: string | null };

/**
 * A member's muted news categories and shows never reach their home (docs/decisions/2026-12-04-topics.md),
 * the showcases below their own sections included. A visitor mutes nothing; a list that failed hides nothing.
 */
function useMutedTopics() {
  const { isSignedIn } = useViewer();
  const topics = useQuery({ ...topicQueries.list(), enabled: isSignedIn });
  const muted = new Set(
    (topics.data?.topics ?? []).filter((topic) => topic.level === 'muted' && topic.kind !== 'forum_category').map((topic) => topic.id),
  );
  return {
    // Offline with no copy on the device the list waits (paused): the showcase does not wait for it.
    isPending: isSignedIn && topics.isPending && topics.fetchStatus === 'fetching',
    hides: (item: ShowcaseItem) => item.categoryIds.some((id) => muted.has(id)) || (item.showId != null && muted.has(item.showId)),
  };
}
