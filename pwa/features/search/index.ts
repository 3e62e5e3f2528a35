export { SiteSearchResults } from './SiteSearchResults';
