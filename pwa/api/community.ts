import { queryOptions } from '@tanstack/react-query';
import { LIMITS } from '../../contracts/constants';
import type { CommunityStats, Contributor } from '../../contracts/community';
import { apiFetch } from './client';

/** Keys mirror the API paths: ['community', 'stats'] and ['community', 'contributors', { limit }]. */
export const communityQueries = {
  stats: () =>
    queryOptions({
      queryKey: ['community', 'stats'],
      queryFn: ({ signal }) => apiFetch<CommunityStats>('/api/community/stats', { signal }),
    }),
  contributors: (limit: number = LIMITS.contributors) =>
    queryOptions({
      queryKey: ['community', 'contributors', { limit }],
      queryFn: ({ signal }) => apiFetch<Contributor[]>(`/api/community/contributors?limit=${limit}`, { signal }),
    }),
};
