import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { User } from '../../contracts/auth';
import type { PasswordChangeInput, PasswordChangeResponse, ProfileUpdateInput } from '../../contracts/profile';
import { USER_QUERY_KEY } from './keys';
import { apiFetch } from './client';
import { memberQueries } from './members.queries';

/*
 * The signed-in member's own profile (GET/PATCH /api/profile, POST /api/profile/password). Reads go
 * through the offline store like every GET; writes need a connection and are never queued in the
 * outbox (docs/offline.md, "Profile edits"): a profile is one record that the member edits in a
 * form in front of them, and a change that silently applied hours later (a name, a photo, a
 * password) would surprise more than the clear "needs a connection" message does.
 */

export const profileQueries = {
  me: () =>
    queryOptions({
      queryKey: ['profile'],
      queryFn: ({ signal }) => apiFetch<User>('/api/profile', { signal }),
    }),
};

/** What the forms send (the schema's input shape: before trimming and defaults). */
export type ProfileFields = z.input<typeof ProfileUpdateInput>;
export type PasswordFields = z.input<typeof PasswordChangeInput>;

/**
 * After a profile change: the header's user and the profile answer become the server's at once; the
 * member's own page and the lists that show their name or photo (comments, discussions, the
 * leaderboard) are refetched where shown and marked stale elsewhere.
 */
export async function profileChanged(queryClient: QueryClient, user: User): Promise<void> {
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

/**
 * `handlers` are the form's own reactions. They are given here, not to `mutate`: the form starts
 * again from the saved values (a new key), and `mutate`'s callbacks skip an unmounted component.
 */
export function useUpdateProfile(handlers: { onSuccess?: (user: User) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileFields) => apiFetch<User>('/api/profile', { method: 'PATCH', body: input }),
    onSuccess: async (user) => {
      handlers.onSuccess?.(user);
      await profileChanged(queryClient, user);
    },
    onError: (error) => handlers.onError?.(error),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: PasswordFields) => apiFetch<PasswordChangeResponse>('/api/profile/password', { method: 'POST', body: input }),
  });
}
