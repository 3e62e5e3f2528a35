import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
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
  component: lazyScreen(() => import('./MemberScreen'), 'MemberScreen'),
  staticData: { module: 'features/members/MemberScreen.tsx' },
});
