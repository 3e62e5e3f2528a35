import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../contracts/auth';
import { USER_QUERY_KEY } from '../api/keys';
import { fetchSessionUser } from './session';

export const authQueries = {
  /**
   * The signed-in user, or null when not signed in. Asks /api/auth/session, which answers 200 either
   * way, rather than the spec's /api/auth/user, whose 401 for a visitor would be a failed request (and
   * a console error) on every page. Offline, the session module's record answers (pwa/session/session.ts).
   */
  user: () =>
    queryOptions({
      queryKey: USER_QUERY_KEY,
      queryFn: ({ signal }): Promise<User | null> => fetchSessionUser(signal),
    }),
};
