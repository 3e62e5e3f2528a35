import { queryOptions } from '@tanstack/react-query';
import type { SessionResponse, User } from '../../contracts/auth';
import { apiFetch } from './client';

export const authQueries = {
  /**
   * The signed-in user, or null when not signed in. Asks /api/auth/session, which answers 200 either
   * way, rather than the spec's /api/auth/user, whose 401 for a visitor would be a failed request (and
   * a console error) on every page.
   */
  user: () =>
    queryOptions({
      queryKey: ['auth', 'user'],
      queryFn: async ({ signal }): Promise<User | null> => (await apiFetch<SessionResponse>('/api/auth/session', { signal })).user,
    }),
};
