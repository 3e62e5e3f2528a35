export { AuthorByline } from './AuthorByline';
export { memberRoute } from './routes';
