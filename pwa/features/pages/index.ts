export { staticPageRoutes } from './routes';
