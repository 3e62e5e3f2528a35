export { AuthorByline } from './AuthorByline';
