import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Podcast } from '../../../contracts/podcasts';
import { podcastQueries } from '../../api/podcasts';
import { LinkButton } from '../../components/Button';
import { EditItemScreen } from './EditItemScreen';
import { EditorPage } from './EditorPage';
import { HistorySection } from './HistorySection';
import { useDeletePodcast } from './mutations';
import { PodcastForm } from './PodcastForm';
import { REDIRECT_MS } from './redirect';

const BACK = { to: '/podcasts', label: 'Back to Podcasts' } as const;

/** /podcasts/add (spec 2, Create podcast episode page). */
export function AddPodcastScreen() {
  return (
    <EditorPage title="Add Podcast" description="Add a podcast episode to the hub." back={BACK}>
      <PodcastForm podcast={null} />
    </EditorPage>
  );
}

const editRoute = getRouteApi('/authenticated/podcasts/$id/edit');

/** /podcasts/{id}/edit (spec 2): the form plus delete; a missing episode says so. */
export function EditPodcastScreen() {
  const { id } = editRoute.useParams();
  return (
    <EditItemScreen
      item={useQuery(podcastQueries.detail(id))}
      kind="podcasts"
      back={BACK}
      text={{
        title: 'Edit Podcast',
        description: "Update the episode's details.",
        loading: 'Loading episode',
        what: 'episode',
        missingTitle: 'Podcast Episode Not Found',
        deleteButton: 'Delete Episode',
        deleteTitle: 'Delete episode?',
      }}
      missing={
        <div className="editor-page__missing" role="alert">
          <p>Podcast episode not found.</p>
          <LinkButton to="/podcasts" variant="secondary">
            Back to Podcasts
          </LinkButton>
        </div>
      }
      form={(podcast, isHeld) => <PodcastEditor podcast={podcast} isHeld={isHeld} />}
      useDelete={useDeletePodcast}
      redirectMs={REDIRECT_MS.afterPodcastDelete}
    />
  );
}

/** The edit form and its History; a restored version starts the form again from its fields. */
function PodcastEditor({ podcast, isHeld }: { podcast: Podcast; isHeld: boolean }) {
  const [restores, setRestores] = useState(0);
  const { categoryIds, ...fields } = podcast;
  return (
    <>
      <PodcastForm key={restores} podcast={podcast} isHeld={isHeld} />
      <HistorySection kind="podcasts" id={podcast.id} current={{ ...fields, categoryIds: [...categoryIds].sort() }} onRestored={() => setRestores((n) => n + 1)} />
    </>
  );
}
