export { ArticleForm } from './ArticleForm';
export { PodcastForm } from './PodcastForm';
export { addArticleRoute, addPodcastRoute, articlePreviewRoute, editArticleRoute, editPodcastRoute, episodePreviewRoute } from './routes';
