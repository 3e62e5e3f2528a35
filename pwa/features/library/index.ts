export { ContinueReading } from './ContinueReading';
export { SaveForOfflineButton } from './SaveForOfflineButton';
export { SaveToggle } from './SaveToggle';
export { SavedLink } from './SavedLink';
export { useReadingListSync } from './useReadingListSync';
export { useReadingProgress } from './useReadingProgress';
export { savedRoute } from './routes';
