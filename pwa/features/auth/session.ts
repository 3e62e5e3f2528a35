import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '../../../contracts/auth';
import { authQueries } from '../../api/auth.queries';
import { apiFetch } from '../../api/client';
import { serverMessage } from '../../api/errors';
import { toast } from '../../components/Toast';

/**
 * After sign-in or registration: the response is the current user, so it is stored as such; every
 * other query is refetched because what it shows depends on who is asking (drafts for editors,
 * `liked` flags, admin-only labels).
 */
export async function startSession(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(authQueries.user().queryKey, user);
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' && query.queryKey[0] !== 'site' });
}

/**
 * Logout (spec 2 and 4): call the API, then, whether it worked or not, drop every cached answer,
 * mark the user signed out and go to /login. A failure is only logged: the user still leaves.
 */
export function useLogout() {
  const leave = useLeave();
  return useMutation({
    mutationFn: () => apiFetch<unknown>('/api/auth/logout', { method: 'POST' }),
    onError: (error) => console.error('Logout failed', error),
    onSettled: leave,
  });
}

/**
 * "Sign out everywhere": ends every session of the user on the server. Unlike Logout, a failure
 * keeps the user here with an error toast: leaving would suggest the other devices were signed out.
 */
export function useSignOutEverywhere() {
  const leave = useLeave();
  return useMutation({
    mutationFn: () => apiFetch<unknown>('/api/auth/logout-all', { method: 'POST' }),
    onSuccess: async () => {
      toast({ title: 'Signed out on all your devices.' });
      await leave();
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'Could not sign out everywhere. Please try again.'), variant: 'destructive' }),
  });
}

/** Signed out: drop every cached answer, mark nobody signed in, go to /login. */
function useLeave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    // The user query is set (not removed) so the mounted header learns at once that nobody is
    // signed in; every other cached answer is dropped.
    const userKey = authQueries.user().queryKey;
    queryClient.setQueryData(userKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userKey[0] });
    await navigate({ to: '/login', replace: true });
  };
}
