export { WatchControl } from './WatchControl';
