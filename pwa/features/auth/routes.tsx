import { createRoute, redirect } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute } from '../../routing/root';
import { safeRedirect } from './landing';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // `step=two-factor`: a password already given (a reset link's) waits for its code.
  validateSearch: (search: Record<string, unknown>): { redirect?: string; step?: 'two-factor' } => {
    const target = safeRedirect(search.redirect);
    return { ...(target ? { redirect: target } : {}), ...(search.step === 'two-factor' ? { step: 'two-factor' as const } : {}) };
  },
  component: lazyScreen(() => import('./LoginScreen'), 'LoginScreen'),
});

/** An invitation link: the invitee creates their account with the invited role. */
export const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  component: lazyScreen(() => import('./InviteScreen'), 'InviteScreen'),
});

/** Password reset (docs/mail.md): ask for a link by email, then open it to choose a new password. */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyScreen(() => import('./ForgotPasswordScreen'), 'ForgotPasswordScreen'),
});

/** `?token=` is the mail's secret; the screen asks the server whether it can still be used. */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: lazyScreen(() => import('./ResetPasswordScreen'), 'ResetPasswordScreen'),
});

/** An email confirmation link (docs/security.md §13): the screen confirms and says so. */
export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email/$token',
  component: lazyScreen(() => import('./ConfirmEmailScreen'), 'ConfirmEmailScreen'),
});

export const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/logout',
  component: lazyScreen(() => import('./LogoutScreen'), 'LogoutScreen'),
});
