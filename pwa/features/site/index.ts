export { DEFAULT_SITE_NAME, useSiteName } from './useSiteName';
