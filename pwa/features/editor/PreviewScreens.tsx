import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { newsQueries } from '../../api/news';
import { podcastQueries } from '../../api/podcasts';
import { BackLink } from '../../components/BackLink';
import { LinkButton } from '../../components/Button';
import { Time } from '../../components/Time';
import { ApiError } from '../../lib/errors';
import { LoadFailure } from '../content';
import { NotFoundScreen } from '../errors';
import { ArticleView } from '../news';
import { EpisodeView } from '../podcasts';
import { EditorSkeleton } from './EditorPage';
import './editor.css';

const articleRoute = getRouteApi('/authenticated/news/$id/preview');
const episodeRoute = getRouteApi('/authenticated/podcasts/$id/preview');

/** /news/{id}/preview: the article as readers will see it, under the "Draft preview" banner (editors and admins). */
export function ArticlePreviewScreen() {
  const { id } = articleRoute.useParams();
  return (
    <Preview item={useQuery(newsQueries.detail(id))} what="article" edit={<LinkButton to="/news/$id/edit" params={{ id }} variant="secondary" size="sm">Edit</LinkButton>} back={<BackLink to="/news">Back to News</BackLink>}>
      {(article) => <ArticleView article={article} />}
    </Preview>
  );
}

/** /podcasts/{id}/preview: the episode page as listeners will see it, under the "Draft preview" banner. */
export function EpisodePreviewScreen() {
  const { id } = episodeRoute.useParams();
  return (
    <Preview item={useQuery(podcastQueries.detail(id))} what="episode" edit={<LinkButton to="/podcasts/$id/edit" params={{ id }} variant="secondary" size="sm">Edit</LinkButton>} back={<BackLink to="/podcasts">Back to Podcasts</BackLink>}>
      {(episode) => <EpisodeView episode={episode} />}
    </Preview>
  );
}

interface PreviewProps<T> {
  item: UseQueryResult<T>;
  what: 'article' | 'episode';
  edit: ReactNode;
  back: ReactNode;
  children: (item: T) => ReactNode;
}

function Preview<T extends { status: string; scheduledAt: string | null }>({ item, what, edit, back, children }: PreviewProps<T>) {
  if (item.isPending) return <EditorSkeleton label={`Loading ${what}`} />;
  if (item.isError) {
    if (item.error instanceof ApiError && item.error.status === 404) return <NotFoundScreen />;
    return <LoadFailure error={item.error} title={`The ${what} could not be loaded.`} what={what} level={1} retry={() => void item.refetch()} />;
  }
  const { status, scheduledAt } = item.data;
  return (
    <div className="article-page preview-page">
      {back}
      <aside className="preview-banner" aria-labelledby="preview-banner-title">
        <p className="preview-banner__title" id="preview-banner-title">{status === 'draft' ? 'Draft preview' : 'Preview'}</p>
        <p className="preview-banner__note">
          {status === 'draft' ? (
            scheduledAt ? (
              <>
                Scheduled for <Time value={scheduledAt} show="dayTime" />. Only editors and admins can see it until then.
              </>
            ) : (
              'Only editors and admins can see this draft until it is published.'
            )
          ) : (
            'This item is published: readers see it as below.'
          )}
        </p>
        {edit}
      </aside>
      {children(item.data)}
    </div>
  );
}
