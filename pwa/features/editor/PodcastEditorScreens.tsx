import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Podcast } from '../../../contracts/podcasts';
import { ApiError } from '../../api/client';
import { podcastQueries } from '../../api/podcasts.queries';
import { Button, LinkButton } from '../../components/Button';
import { AlertDialog } from '../../components/Dialog';
import { EditorLoadError, EditorPage, EditorSkeleton } from './EditorPage';
import { forgetDeleted, useDeletePodcast } from './mutations';
import { PodcastForm } from './PodcastForm';
import { REDIRECT_MS, useRedirectAfter } from './redirect';

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
  const podcast = useQuery(podcastQueries.detail(id));

  if (podcast.isPending) {
    return (
      <EditorPage title="Edit Podcast" description="Update the episode's details." back={BACK}>
        <EditorSkeleton label="Loading episode" />
      </EditorPage>
    );
  }
  if (podcast.isError) {
    const isMissing = podcast.error instanceof ApiError && podcast.error.status === 404;
    return (
      <EditorPage
        title={isMissing ? 'Podcast Episode Not Found' : 'Edit Podcast'}
        description={isMissing ? '' : "Update the episode's details."}
        back={isMissing ? undefined : BACK}
      >
        {isMissing ? (
          <div className="editor-page__missing" role="alert">
            <p>Podcast episode not found.</p>
            <LinkButton to="/podcasts" variant="secondary">
              Back to Podcasts
            </LinkButton>
          </div>
        ) : (
          <EditorLoadError what="episode" onRetry={() => void podcast.refetch()} />
        )}
      </EditorPage>
    );
  }
  return <EditPodcast key={podcast.data.id} podcast={podcast.data} />;
}

function EditPodcast({ podcast }: { podcast: Podcast }) {
  const queryClient = useQueryClient();
  const remove = useDeletePodcast(podcast.id);
  const { redirect, isRedirecting } = useRedirectAfter();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const isDeleting = remove.isPending || isRedirecting;

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmOpen(false);
        redirect('/podcasts', REDIRECT_MS.afterPodcastDelete, () => forgetDeleted(queryClient, 'podcasts', podcast.id));
      },
      onError: () => setConfirmOpen(false),
    });

  return (
    <EditorPage
      title="Edit Podcast"
      description="Update the episode's details."
      back={BACK}
      actions={
        <Button variant="destructive" onPress={() => setConfirmOpen(true)} isPending={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Delete Episode'}
        </Button>
      }
    >
      <PodcastForm podcast={podcast} isHeld={isDeleting} />
      <AlertDialog
        title="Delete episode?"
        isOpen={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        actionLabel="Delete"
        pendingLabel="Deleting..."
        isPending={remove.isPending}
        onAction={confirmDelete}
      >
        <p>Are you sure you want to delete "{podcast.title}"? This action cannot be undone.</p>
      </AlertDialog>
    </EditorPage>
  );
}
