import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SearchResponse } from '../../contracts/search';
import { apiFetch } from './client';

/** Server search (GET /api/search). Results age quickly: content changes under them. */
export const searchQueries = {
  results: (q: string) =>
    queryOptions({
      queryKey: ['search', { q }],
      queryFn: ({ signal }) => apiFetch<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`, { signal }),
      staleTime: 30_000,
      gcTime: 60_000,
      // While the next query's results load, the last ones stay (no flash of a skeleton per keystroke).
      placeholderData: keepPreviousData,
    }),
};
