import { queryOptions } from '@tanstack/react-query';
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
};
