import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../contracts/auth';
import { ApiError, apiFetch } from './client';

export const authQueries = {
  /** The signed-in user, or null when not signed in (the API answers 401). */
  user: () =>
    queryOptions({
      queryKey: ['auth', 'user'],
      queryFn: async ({ signal }): Promise<User | null> => {
        try {
          return await apiFetch<User>('/api/auth/user', { signal });
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) return null;
          throw error;
        }
      },
    }),
};
