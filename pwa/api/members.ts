import { queryOptions } from '@tanstack/react-query';
import type { MentionSuggestion } from '../../contracts/notifications';
import type { MemberProfile } from '../../contracts/profile';
import { apiFetch } from './client';

/** A member's public page: GET /api/members/{id}, key ['members', id]. Read through the offline store. */
export const memberQueries = {
  all: () => ['members'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: ['members', id],
      queryFn: ({ signal }) => apiFetch<MemberProfile>(`/api/members/${encodeURIComponent(id)}`, { signal }),
    }),
  /**
   * The composer's mention suggestions: GET /api/members/mentions?q=, key ['members', 'mentions', q].
   * Fresh for a minute, as the server's Cache-Control says; never kept on the device (offline store).
   */
  mentions: (q: string) =>
    queryOptions({
      queryKey: ['members', 'mentions', q.toLocaleLowerCase()],
      queryFn: ({ signal }) => apiFetch<MentionSuggestion[]>(`/api/members/mentions?q=${encodeURIComponent(q.toLocaleLowerCase())}`, { signal }),
      staleTime: 60_000,
    }),
};
