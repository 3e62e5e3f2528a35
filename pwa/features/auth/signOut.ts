import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { signOut, signOutEverywhere } from '../../api/auth';
import { errorToast, toast } from '../../components/Toast';
import { signedOut } from '../../session/session';

/*
 * The writes that end sessions, used by the header's account menu (so in the entry chunk). The ones
 * that start one (sign in, register, accept an invitation) are ./mutations.ts, loaded by their screens.
 */

/**
 * Logout (spec 2 and 4): call the API, then, whether it worked or not, drop every cached answer,
 * mark the user signed out and go to /login. A failure is only logged: the user still leaves.
 */
export function useLogout() {
  const leave = useLeave();
  return useMutation({
    mutationFn: signOut,
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
    mutationFn: signOutEverywhere,
    onSuccess: async () => {
      toast({ title: 'Signed out on all your devices.' });
      await leave();
    },
    onError: (error) =>
      errorToast(error, 'Could not sign out everywhere. Please try again.'),
  });
}

/**
 * Leaving: to /login first, then the session module records nobody and removes the member's data.
 * In the other order the page being left would fetch its answers again as a visitor's, and what the
 * member was reading would stay on the device.
 */
function useLeave() {
  const navigate = useNavigate();
  return async () => {
    await navigate({ to: '/login', replace: true });
    await signedOut();
  };
}
