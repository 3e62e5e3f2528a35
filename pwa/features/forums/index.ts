export { discussionRoute, forumsRoute } from './routes';
