import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { rootRoute, signInFirst } from '../../routing/root';
import { profileQueries } from '../../api/profile';

/** The member's own profile: visitors sign in first and come back here. */
export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  beforeLoad: signInFirst,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(profileQueries.me());
  },
  component: lazyScreen(() => import('./ProfileScreen'), 'ProfileScreen'),
});

/**
 * Two-step sign-in on its own (docs/security.md §14): where staff are sent while the site requires
 * it of them and theirs is off (the server then refuses them everything else).
 */
export const twoFactorSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile/two-factor',
  beforeLoad: signInFirst,
  component: lazyScreen(() => import('./TwoFactorSetupScreen'), 'TwoFactorSetupScreen'),
});
