import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '../../contracts/auth';
import type { PasswordChangeInput, PasswordChangeResponse, ProfileUpdateInput } from '../../contracts/profile';
import { USER_QUERY_KEY } from './keys';
import { apiFetch } from './client';
import { memberQueries } from './members';

/*
 * The signed-in member's own profile (GET/PATCH /api/profile, POST /api/profile/password). Reads go
 * through the offline store like every GET; writes need a connection and are never queued in the
 * outbox (docs/offline.md, "Profile edits"): a profile is one record that the member edits in a form
 * in front of them, and a change that silently applied hours later (a name, a photo, a password)
 * would surprise more than the clear "needs a connection" message does.
 */

const PROFILE_PATH = '/api/profile';

/** Everything the site holds about the member, their CPD ledger included, as one JSON file (a plain download link). */
export const PROFILE_EXPORT_URL = `${PROFILE_PATH}/export`;

export const profileQueries = {
  me: () =>
    queryOptions({
      queryKey: ['profile'],
      queryFn: ({ signal }) => apiFetch<User>(PROFILE_PATH, { signal }),
    }),
};

/** Name, title, company, bio, expertise and the photo's path (null removes it); answers the updated user. */
export function updateProfile(input: z.input<typeof ProfileUpdateInput>): Promise<User> {
  return apiFetch<User>(PROFILE_PATH, { method: 'PATCH', body: input });
}

/** Every other session of the member ends; the answer says how many did. */
export function changePassword(input: z.input<typeof PasswordChangeInput>): Promise<PasswordChangeResponse> {
  return apiFetch<PasswordChangeResponse>(`${PROFILE_PATH}/password`, { method: 'POST', body: input });
}

/**
 * After a profile change: the header's user and the profile answer become the server's at once; the
 * member's own page and the lists that show their name or photo (comments, discussions, the
 * leaderboard) are refetched where shown and marked stale elsewhere.
 */
export async function invalidateProfile(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(profileQueries.me().queryKey, user);
  queryClient.setQueryData(USER_QUERY_KEY, user);
  await Promise.all([
    // Through the session module's own query function, which records the new name for offline use.
    queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: memberQueries.detail(user.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: ['community'] }),
    queryClient.invalidateQueries({ queryKey: ['forum', 'discussions'] }),
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'news' && query.queryKey[2] === 'comments' }),
  ]);
}
