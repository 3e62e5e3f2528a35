import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../routing/root';
import { memberQueries } from '../../api/members';

/** A member's public page, for visitors too; rendered on the server like the other public pages. */
export const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  // A malformed id needs no client check: the API answers 404 and the screen says 'Member Not Found'.
  path: '/members/$id',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(memberQueries.detail(id));
  },
  component: lazyRouteComponent(() => import('./MemberScreen'), 'MemberScreen'),
  staticData: { module: 'features/members/MemberScreen.tsx' },
});
