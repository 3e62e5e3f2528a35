export { ROLE_LABELS } from './labels';
