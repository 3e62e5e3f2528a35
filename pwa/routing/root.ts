import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, notFound, redirect } from '@tanstack/react-router';
import { authQueries } from '../session/queries';
import { storeWritesSettled } from '../offline/store';

/*
 * The two routes every feature's routes hang under, and the sign-in guard they share. They sit below
 * the features so that each feature can declare its routes beside its screens (features/<x>/routes.tsx)
 * while pwa/router.tsx only assembles them; the root's component (the layout, itself a feature) is
 * given by the router.
 */

export interface RouterContext {
  queryClient: QueryClient;
}

/** The first load has nothing to wait for; every later navigation leaves a page. */
let leavingAPage = false;

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // A page's answers are kept on the device before it is left (docs/offline.md, "Leaving a page").
  beforeLoad: async () => {
    if (leavingAPage) await storeWritesSettled();
    leavingAPage = true;
  },
});

/** Visitors sign in first and come back here (the profile's rule, shared by the member's own screens). */
export const signInFirst = async ({ context: { queryClient }, location }: { context: RouterContext; location: { href: string } }) => {
  const user = await queryClient.ensureQueryData(authQueries.user());
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
};

/**
 * Spec 2: these routes exist only for signed-in users; anyone else gets the 404 page. The check
 * reads the cached current user (fetching it once if needed).
 */
export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  beforeLoad: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(authQueries.user());
    if (!user) throw notFound();
    return { user };
  },
});
