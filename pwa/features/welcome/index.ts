export { welcomeRoute } from './routes';
