import { createRoute, notFound } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import type { User } from '../../../contracts/auth';
import { isStaffRole } from '../../../contracts/constants';
import { authenticatedRoute } from '../../routing/root';
import { newsCategoryQueries, newsQueries } from '../../api/news';
import { podcastQueries } from '../../api/podcasts';

/*
 * Editor and admin screens (spec 2). Their code is only loaded when one of them is opened: each
 * screen is its own lazy chunk, so the public routes never download it. Roles are checked by the
 * screens (to hide what a role may not use) and by the server.
 */
export const addArticleRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/news/add',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(newsCategoryQueries.list({ activeOnly: true }));
  },
  component: lazyScreen(() => import('./ArticleEditorScreens'), 'AddArticleScreen'),
});

export const editArticleRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/news/$id/edit',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(newsQueries.detail(id));
    void queryClient.prefetchQuery(newsCategoryQueries.list({ activeOnly: true }));
  },
  component: lazyScreen(() => import('./ArticleEditorScreens'), 'EditArticleScreen'),
});

export const addPodcastRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/podcasts/add',
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(newsCategoryQueries.list({ activeOnly: true }));
  },
  component: lazyScreen(() => import('./PodcastEditorScreens'), 'AddPodcastScreen'),
});

export const editPodcastRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/podcasts/$id/edit',
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(podcastQueries.detail(id));
    void queryClient.prefetchQuery(newsCategoryQueries.list({ activeOnly: true }));
  },
  component: lazyScreen(() => import('./PodcastEditorScreens'), 'EditPodcastScreen'),
});

/*
 * Draft previews: editors and admins only; anyone else gets the 404 page, as the API answers them.
 * Not rendered on the server (a draft is never in a rendered page).
 */
const staffOnly = ({ context }: { context: { user: { role: User['role'] } } }) => {
  if (!isStaffRole(context.user.role)) throw notFound();
};

export const articlePreviewRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/news/$id/preview',
  beforeLoad: staffOnly,
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(newsQueries.detail(id));
  },
  component: lazyScreen(() => import('./PreviewScreens'), 'ArticlePreviewScreen'),
});

export const episodePreviewRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/podcasts/$id/preview',
  beforeLoad: staffOnly,
  loader: ({ context: { queryClient }, params: { id } }) => {
    void queryClient.prefetchQuery(podcastQueries.detail(id));
  },
  component: lazyScreen(() => import('./PreviewScreens'), 'EpisodePreviewScreen'),
});
