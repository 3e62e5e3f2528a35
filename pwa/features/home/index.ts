export { homeRoute } from './routes';
