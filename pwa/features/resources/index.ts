export { resourcesRoute } from './routes';
