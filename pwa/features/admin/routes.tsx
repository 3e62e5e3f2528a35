import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../routing/lazyScreen';
import { authenticatedRoute } from '../../routing/root';
import { validateAdminContentSearch } from './content/contentSearch';
import { pickAuditSearch } from './audit/searchParams';

export const adminRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin',
  component: lazyScreen(() => import('./AdminPanelScreen'), 'AdminPanelScreen'),
});

/** The admin's list of articles or episodes: its filters are search params (validateAdminContentSearch). */
export const adminContentRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/content',
  validateSearch: validateAdminContentSearch,
  component: lazyScreen(() => import('./content/ContentScreen'), 'ContentScreen'),
});

/** The moderation queue: editors and admins, linked from the control panel. */
export const adminModerationRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/moderation',
  component: lazyScreen(() => import('./moderation/ModerationScreen'), 'ModerationScreen'),
});

export const adminUsersRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/users',
  component: lazyScreen(() => import('./users/UserManagementScreen'), 'UserManagementScreen'),
});

export const adminMenuRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/menu',
  component: lazyScreen(() => import('./site/MenuSettingsScreen'), 'MenuSettingsScreen'),
});

export const adminCategoriesRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/categories',
  component: lazyScreen(() => import('./categories/CategoriesScreen'), 'CategoriesScreen'),
});

export const adminShowsRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/shows',
  component: lazyScreen(() => import('./categories/ShowsScreen'), 'ShowsScreen'),
});

/** `?action=&actor=&from=&to=`: the filters, kept in the address so a view can be shared. */
export const adminAuditRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/audit',
  validateSearch: pickAuditSearch,
  component: lazyScreen(() => import('./audit/AuditLogScreen'), 'AuditLogScreen'),
});

export const adminMainPageRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin/main-page',
  component: lazyScreen(() => import('./site/MainPageScreen'), 'MainPageScreen'),
});
