import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../contracts/auth';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import { isStaffRole } from '../contracts/constants';
import { authQueries } from './session/queries';
import { currentUserId } from './session/session';
import { communityQueries } from './api/community';
import { memberQueries } from './api/members';
import { profileQueries } from './api/profile';
import { forumQueries } from './api/forums';
import { commentQueries, newsCategoryQueries, newsQueries } from './api/news';
import { podcastQueries } from './api/podcasts';
import { readingListQueries } from './api/reading-list';
import { podcastShowQueries } from './api/podcast-shows';
import { resourceQueries } from './api/resources';
import { siteQueries } from './api/site';
import { NotFoundScreen } from './features/errors/NotFoundScreen';
import { RootLayout } from './features/layout/RootLayout';
import { storeWritesSettled } from './offline/store';
import { validateCategorySearch, parseCategoryParam } from './features/content/listFilters';
import { parseShowParam, validatePodcastSearch } from './features/podcasts/showFilter';
import { validateAdminContentSearch } from './features/admin/content/contentSearch';
import { pickAuditSearch } from './features/admin/audit/searchParams';

export interface RouterContext {
  queryClient: QueryClient;
}

/** The first load has nothing to wait for; every later navigation leaves a page. */
let leavingAPage = false;

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // A page's answers are kept on the device before it is left (docs/offline.md, "Leaving a page").
  beforeLoad: async () => {
    if (leavingAPage) await storeWritesSettled();
    leavingAPage = true;
  },
});

/*
 * One entry per screen. Screen components are lazy (one chunk per route); loaders only start
 * fetches (not awaited) so the screen renders its skeletons while data arrives. Public screens name
 * their module (staticData) and are rendered on the server too; server/pages/render.ts lists their paths and
 * the search parameters they read (RENDERED_ROUTES), which keys the server's page cache: keep both in step.
 */

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(newsQueries.featured());
    void queryClient.prefetchQuery(newsQueries.latest());
    void queryClient.prefetchQuery(podcastQueries.featured());
    void queryClient.prefetchQuery(podcastQueries.latest());
    void queryClient.prefetchQuery(forumQueries.categories());
  },
  component: lazyRouteComponent(() => import('./features/home/HomeScreen'), 'HomeScreen'),
  staticData: { module: 'features/home/HomeScreen.tsx' },
});

/** `?redirect=` is where a signed-in user goes next: only a path of this site (never `//host`). */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : undefined;
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // `step=two-factor`: a password already given (a reset link's) waits for its code.
  validateSearch: (search: Record<string, unknown>): { redirect?: string; step?: 'two-factor' } => {
    const target = safeRedirect(search.redirect);
    return { ...(target ? { redirect: target } : {}), ...(search.step === 'two-factor' ? { step: 'two-factor' as const } : {}) };
  },
  component: lazyRouteComponent(() => import('./features/auth/LoginScreen'), 'LoginScreen'),
});

/** An invitation link: the invitee creates their account with the invited role. */
const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  component: lazyRouteComponent(() => import('./features/auth/InviteScreen'), 'InviteScreen'),
});

/** Password reset (docs/mail.md): ask for a link by email, then open it to choose a new password. */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('./features/auth/ForgotPasswordScreen'), 'ForgotPasswordScreen'),
});

/** `?token=` is the mail's secret; the screen asks the server whether it can still be used. */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: lazyRouteComponent(() => import('./features/auth/ResetPasswordScreen'), 'ResetPasswordScreen'),
});

/** An email confirmation link (docs/security.md §13): the screen confirms and says so. */
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email/$token',
  component: lazyRouteComponent(() => import('./features/auth/ConfirmEmailScreen'), 'ConfirmEmailScreen'),
});

const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/logout',
  component: lazyRouteComponent(() => import('./features/auth/LogoutScreen'), 'LogoutScreen'),
});

/** Spec 2: `?categories=` (comma-separated ids) is read on load and kept in sync by the screen. */
const newsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/news',
  validateSearch: validateCategorySearch,
  loaderDeps: ({ search }) => ({ categories: search.categories }),
  loader: ({ context: { queryClient }, deps }) => {
    // The first page (of 12); 'Load more' fetches the next. The chips: categories in use.
    void queryClient.prefetchInfiniteQuery(newsQueries.pages({ categories: parseCategoryParam(deps.categories) }));
    void queryClient.prefetchQuery(newsCategoryQueries.usedBy('news'));
  },
  component: lazyRouteComponent(() => import('./features/news/NewsListScreen'), 'NewsListScreen'),
  staticData: { module: 'features/news/NewsListScreen.tsx' },
});

const articleRoute = createRoute({
  getParentRoute: () => rootRoute,
  // A malformed id needs no client check: the API answers 404 and the screen says 'Article Not Found'.
  path: '/news/$id',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(newsQueries.detail(id));
    void queryClient.prefetchQuery(newsQueries.comments(id));
    // A member's reading position (Continue reading), asked beside the article rather than after it.
    if (currentUserId()) void queryClient.prefetchQuery(readingListQueries.current());
  },
  component: lazyRouteComponent(() => import('./features/news/ArticleScreen'), 'ArticleScreen'),
  staticData: { module: 'features/news/ArticleScreen.tsx' },
});

/** `?categories=` as on /news, and `?show=<slug>` (one show's episodes). */
const podcastsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/podcasts',
  validateSearch: validatePodcastSearch,
  loaderDeps: ({ search }) => ({ categories: search.categories, show: parseShowParam(search.show) }),
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchInfiniteQuery(podcastQueries.pages({ categories: parseCategoryParam(deps.categories), show: deps.show }));
    void queryClient.prefetchQuery(newsCategoryQueries.usedBy('podcasts'));
    void queryClient.prefetchQuery(podcastShowQueries.list());
    void queryClient.prefetchQuery(podcastQueries.featured());
  },
  component: lazyRouteComponent(() => import('./features/podcasts/PodcastsScreen'), 'PodcastsScreen'),
  staticData: { module: 'features/podcasts/PodcastsScreen.tsx' },
});

const episodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  // As for articles: a malformed id needs no client check, the API answers 404 ('Episode Not Found').
  path: '/podcasts/$id',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(podcastQueries.detail(id));
    void queryClient.prefetchQuery(commentQueries.list('podcasts', id));
  },
  component: lazyRouteComponent(() => import('./features/podcasts/EpisodeScreen'), 'EpisodeScreen'),
  staticData: { module: 'features/podcasts/EpisodeScreen.tsx' },
});

const forumsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forums',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(forumQueries.categories());
    void queryClient.prefetchInfiniteQuery(forumQueries.pages());
  },
  component: lazyRouteComponent(() => import('./features/forums/ForumsScreen'), 'ForumsScreen'),
  staticData: { module: 'features/forums/ForumsScreen.tsx' },
});

const discussionRoute = createRoute({
  getParentRoute: () => rootRoute,
  // A malformed id needs no client check: the API answers 404 and the screen says 'Discussion Not Found'.
  path: '/forums/$id',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(forumQueries.discussion(id));
    void queryClient.prefetchQuery(forumQueries.categories());
  },
  component: lazyRouteComponent(() => import('./features/forums/DiscussionScreen'), 'DiscussionScreen'),
  staticData: { module: 'features/forums/DiscussionScreen.tsx' },
});

const resourcesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resources',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(resourceQueries.list());
  },
  component: lazyRouteComponent(() => import('./features/resources/ResourcesScreen'), 'ResourcesScreen'),
  staticData: { module: 'features/resources/ResourcesScreen.tsx' },
});

const communityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/community',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(communityQueries.stats());
    void queryClient.prefetchQuery(communityQueries.contributors());
  },
  component: lazyRouteComponent(() => import('./features/community/CommunityScreen'), 'CommunityScreen'),
  staticData: { module: 'features/community/CommunityScreen.tsx' },
});

/** A member's public page, for visitors too; rendered on the server like the other public pages. */
const memberRoute = createRoute({
  getParentRoute: () => rootRoute,
  // A malformed id needs no client check: the API answers 404 and the screen says 'Member Not Found'.
  path: '/members/$id',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(memberQueries.detail(id));
  },
  component: lazyRouteComponent(() => import('./features/members/MemberScreen'), 'MemberScreen'),
  staticData: { module: 'features/members/MemberScreen.tsx' },
});

/** Visitors sign in first and come back here (the profile's rule, shared by the member's own screens). */
const signInFirst = async ({ context: { queryClient }, location }: { context: RouterContext; location: { href: string } }) => {
  const user = await queryClient.ensureQueryData(authQueries.user());
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
};

/** The member's own profile: visitors sign in first and come back here. */
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  beforeLoad: signInFirst,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(profileQueries.me());
  },
  component: lazyRouteComponent(() => import('./features/profile/ProfileScreen'), 'ProfileScreen'),
});

/**
 * Two-step sign-in on its own (docs/security.md §14): where staff are sent while the site requires
 * it of them and theirs is off (the server then refuses them everything else).
 */
const twoFactorSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile/two-factor',
  beforeLoad: signInFirst,
  component: lazyRouteComponent(() => import('./features/profile/TwoFactorSetupScreen'), 'TwoFactorSetupScreen'),
});

/** The member's notifications (docs/notifications.md). */
const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  beforeLoad: signInFirst,
  component: lazyRouteComponent(() => import('./features/notifications/NotificationsScreen'), 'NotificationsScreen'),
});

/** Per-type channels; notification mail links here from its footer. */
const notificationSettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications/settings',
  beforeLoad: signInFirst,
  component: lazyRouteComponent(() => import('./features/notifications/NotificationSettingsScreen'), 'NotificationSettingsScreen'),
});

/** Articles saved for offline reading (docs/offline.md); its data lives on the device. */
const savedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/saved',
  component: lazyRouteComponent(() => import('./features/library/SavedScreen'), 'SavedScreen'),
});

/** The footer's pages: Markdown shipped with the app, rendered on the server too. */
const staticPageRoutes = (['about', 'contact', 'privacy', 'terms'] as const).map((name) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: `/${name}`,
    loader: ({ context: { queryClient } }) => {
      void queryClient.prefetchQuery(siteQueries.info());
    },
    component: lazyRouteComponent(() => import('./features/pages/PageScreen'), `${name[0].toUpperCase()}${name.slice(1)}Page` as 'AboutPage'),
    staticData: { module: 'features/pages/PageScreen.tsx' },
  }),
);

/**
 * Spec 2: these routes exist only for signed-in users; anyone else gets the 404 page. The check
 * reads the cached current user (fetching it once if needed).
 */
const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  beforeLoad: async ({ context: { queryClient } }) => {
    const user = await queryClient.ensureQueryData(authQueries.user());
    if (!user) throw notFound();
    return { user };
  },
});

/*
 * Editor and admin screens (spec 2). Their code is only loaded when one of them is opened: each
 * screen is its own lazy chunk, so the public routes never download it. Roles are checked by the
 * screens (to hide what a role may not use) and by the server.
 */
const addArticleRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/news/add',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(newsCategoryQueries.list({ activeOnly: true }));
  },
  component: lazyRouteComponent(() => import('./features/editor/ArticleEditorScreens'), 'AddArticleScreen'),
});

const editArticleRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/news/$id/edit',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(newsQueries.detail(id));
    void queryClient.prefetchQuery(newsCategoryQueries.list({ activeOnly: true }));
  },
  component: lazyRouteComponent(() => import('./features/editor/ArticleEditorScreens'), 'EditArticleScreen'),
});

const addPodcastRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/podcasts/add',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(newsCategoryQueries.list({ activeOnly: true }));
  },
  component: lazyRouteComponent(() => import('./features/editor/PodcastEditorScreens'), 'AddPodcastScreen'),
});

const editPodcastRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/podcasts/$id/edit',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(podcastQueries.detail(id));
    void queryClient.prefetchQuery(newsCategoryQueries.list({ activeOnly: true }));
  },
  component: lazyRouteComponent(() => import('./features/editor/PodcastEditorScreens'), 'EditPodcastScreen'),
});

/*
 * Draft previews: editors and admins only; anyone else gets the 404 page, as the API answers them.
 * Not rendered on the server (a draft is never in a rendered page).
 */
const staffOnly = ({ context }: { context: { user: { role: User['role'] } } }) => {
  if (!isStaffRole(context.user.role)) throw notFound();
};

const articlePreviewRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/news/$id/preview',
  beforeLoad: staffOnly,
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(newsQueries.detail(id));
  },
  component: lazyRouteComponent(() => import('./features/editor/PreviewScreens'), 'ArticlePreviewScreen'),
});

const episodePreviewRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/podcasts/$id/preview',
  beforeLoad: staffOnly,
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(podcastQueries.detail(id));
  },
  component: lazyRouteComponent(() => import('./features/editor/PreviewScreens'), 'EpisodePreviewScreen'),
});

const adminRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('./features/admin/AdminPanelScreen'), 'AdminPanelScreen'),
});

/** The admin's list of articles or episodes: its filters are search params (validateAdminContentSearch). */
const adminContentRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/content',
  validateSearch: validateAdminContentSearch,
  component: lazyRouteComponent(() => import('./features/admin/content/ContentScreen'), 'ContentScreen'),
});

/** The moderation queue (issue 36): editors and admins, linked from the control panel. */
const adminModerationRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/moderation',
  component: lazyRouteComponent(() => import('./features/admin/moderation/ModerationScreen'), 'ModerationScreen'),
});

const adminUsersRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/users',
  component: lazyRouteComponent(() => import('./features/admin/users/UserManagementScreen'), 'UserManagementScreen'),
});

const adminMenuRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/menu',
  component: lazyRouteComponent(() => import('./features/admin/site/MenuSettingsScreen'), 'MenuSettingsScreen'),
});

const adminCategoriesRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/categories',
  component: lazyRouteComponent(() => import('./features/admin/categories/CategoriesScreen'), 'CategoriesScreen'),
});

const adminShowsRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/shows',
  component: lazyRouteComponent(() => import('./features/admin/categories/ShowsScreen'), 'ShowsScreen'),
});

/** `?action=&actor=&from=&to=`: the filters, kept in the address so a view can be shared. */
const adminAuditRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/audit',
  validateSearch: pickAuditSearch,
  component: lazyRouteComponent(() => import('./features/admin/audit/AuditLogScreen'), 'AuditLogScreen'),
});

const adminMainPageRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/main-page',
  component: lazyRouteComponent(() => import('./features/admin/site/MainPageScreen'), 'MainPageScreen'),
});

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
  savedRoute,
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
