export { ROLE_LABELS } from './labels';
export { adminAuditRoute, adminCategoriesRoute, adminContentRoute, adminMainPageRoute, adminMenuRoute, adminModerationRoute, adminRoute, adminShowsRoute, adminUsersRoute } from './routes';
