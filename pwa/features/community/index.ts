export { communityRoute } from './routes';
