export { NotFoundScreen } from './NotFoundScreen';
export { RouteErrorScreen } from './RouteErrorScreen';
