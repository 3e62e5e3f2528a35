export { ArticleCard } from './ArticleCard';
export { ArticleView } from './ArticleScreen';
export { shareEpisode } from './share';
