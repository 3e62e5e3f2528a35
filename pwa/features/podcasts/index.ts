export { EpisodeView } from './EpisodeScreen';
export { ListenNowLink } from './ListenNowLink';
export { PlayCount } from './PlayCount';
