import type { QueryClient } from '@tanstack/react-query';
import { createRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundScreen, RouteErrorScreen } from './features/errors';
import { RootLayout } from './features/layout';
import { authenticatedRoute, rootRoute } from './routing/root';
import { homeRoute } from './features/home';
import { confirmEmailRoute, forgotPasswordRoute, inviteRoute, loginRoute, logoutRoute, resetPasswordRoute } from './features/auth';
import { articleRoute, newsRoute } from './features/news';
import { episodeRoute, podcastsRoute } from './features/podcasts';
import { discussionRoute, forumsRoute } from './features/forums';
import { resourcesRoute } from './features/resources';
import { communityRoute } from './features/community';
import { memberRoute } from './features/members';
import { profileRoute, twoFactorSetupRoute } from './features/profile';
import { notificationSettingsRoute, notificationsRoute } from './features/notifications';
import { topicsRoute } from './features/topics';
import { welcomeRoute } from './features/welcome';
import { staticPageRoutes } from './features/pages';
import { savedRoute } from './features/library';
import { ledgerRoute, verifyRoute } from './features/ledger';
import {
  addArticleRoute,
  addPodcastRoute,
  articlePreviewRoute,
  editArticleRoute,
  editPodcastRoute,
  episodePreviewRoute,
} from './features/editor';
import {
  adminAuditRoute,
  adminCategoriesRoute,
  adminContentRoute,
  adminMainPageRoute,
  adminMenuRoute,
  adminModerationRoute,
  adminRoute,
  adminShowsRoute,
  adminUsersRoute,
} from './features/admin';

/*
 * The route table, assembled: each feature declares its routes beside its screens (features/<x>/routes.tsx)
 * under the root or the signed-in branch (routing/root.ts). Screen components are lazy (one chunk per
 * route); loaders only start fetches (not awaited) so the screen renders its skeletons while data
 * arrives. Public screens name their module (staticData) and are rendered on the server too;
 * server/pages/render.ts lists their paths and the search parameters they read (RENDERED_ROUTES), which
 * keys the server's page cache: keep both in step.
 */

rootRoute.update({ component: RootLayout });

const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  inviteRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  confirmEmailRoute,
  logoutRoute,
  newsRoute,
  articleRoute,
  podcastsRoute,
  episodeRoute,
  forumsRoute,
  discussionRoute,
  resourcesRoute,
  communityRoute,
  memberRoute,
  profileRoute,
  twoFactorSetupRoute,
  notificationsRoute,
  notificationSettingsRoute,
  topicsRoute,
  welcomeRoute,
  savedRoute,
  ledgerRoute,
  verifyRoute,
  ...staticPageRoutes,
  authenticatedRoute.addChildren([
    addArticleRoute,
    editArticleRoute,
    addPodcastRoute,
    editPodcastRoute,
    articlePreviewRoute,
    episodePreviewRoute,
    adminRoute,
    adminUsersRoute,
    adminContentRoute,
    adminModerationRoute,
    adminMenuRoute,
    adminShowsRoute,
    adminCategoriesRoute,
    adminMainPageRoute,
    adminAuditRoute,
  ]),
]);
/** `history` is the browser's by default; the server renders with a memory history of one URL. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Spec: path matching is case-insensitive. This is router-core's default; stated so it cannot drift.
    caseSensitive: false,
    // Unmatched paths render inside the root layout, so the header stays on the 404 page.
    defaultNotFoundComponent: NotFoundScreen,
    // A screen that fails (offline: its code never fetched) fails inside the layout, not in place of it.
    defaultErrorComponent: RouteErrorScreen,
    defaultPreload: 'intent',
    // Loaders only start fetches; TanStack Query owns freshness (spec 7: never stale).
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The screen's source file, on public screens only: the server renders these pages and links
     * the file's built CSS and JS from the page head (pwa/entry-server.tsx).
     */
    module?: string;
  }
  interface Register {
    router: AppRouter;
  }
}
