export { EpisodeView } from './EpisodeScreen';
export { ListenNowLink } from './ListenNowLink';
export { PlayCount } from './PlayCount';
export { episodeRoute, podcastsRoute } from './routes';
