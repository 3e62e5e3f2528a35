import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { SHOWCASE_SIZE } from '../../api/news';

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
export function useShowcase<T extends { id: string; isFeatured: boolean }, A extends QueryKey, B extends QueryKey>(
  featuredQuery: UseQueryOptions<T[], Error, T[], A>,
  latestQuery: UseQueryOptions<T[], Error, T[], B>,
) {
  const featured = useQuery(featuredQuery);
  const latest = useQuery(latestQuery);
  const failed = featured.isError ? featured : latest.isError ? latest : null;
  return {
    isPending: featured.isPending || latest.isPending,
    isError: failed !== null,
    error: failed?.error ?? null,
    isSuccess: featured.isSuccess && latest.isSuccess,
    data: featured.isSuccess && latest.isSuccess ? pickShowcase([...featured.data, ...latest.data]) : [],
    refetch: () => Promise.all([featured.refetch(), latest.refetch()]),
  };
}
