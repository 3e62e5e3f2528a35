import { useMutation, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '../../../contracts/auth';
import { apiFetch } from '../../api/client';
import { errorToast, toast } from '../../components/Toast';
import { signedIn, signedOut } from '../../session/session';

/**
 * Every screen that signs someone in (the login form, registration, an accepted invitation) calls
 * `signedIn(user)` with the user the server answered: pwa/session/session.ts records it at once for
 * the offline store, the outbox and the header.
 */
export { signedIn };

/** The former name of `signedIn`, kept for callers that pass the query client (it is the app's own). */
export function startSession(_queryClient: QueryClient, user: User): Promise<void> {
  return signedIn(user);
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
      errorToast(error, 'Could not sign out everywhere. Please try again.'),
  });
}

/** Signed out: the session module records nobody and removes the member's data; then /login. */
function useLeave() {
  const navigate = useNavigate();
  return async () => {
    await signedOut();
    await navigate({ to: '/login', replace: true });
  };
}
