export { ArticleForm } from './ArticleForm';
export { PodcastForm } from './PodcastForm';
