export { ArticleCard } from './ArticleCard';
export { ArticleView } from './ArticleScreen';
export { articleRoute, newsRoute } from './routes';
export { shareEpisode } from './share';
