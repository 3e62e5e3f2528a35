import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleCreateInput, ArticlePatchInput } from '../../../contracts/news';
import type { PodcastCreateInput, PodcastPatchInput } from '../../../contracts/podcasts';
import { createArticle, deleteArticle, invalidateNews, updateArticle } from '../../api/news';
import { createPodcast, deletePodcast, invalidatePodcasts, updatePodcast } from '../../api/podcasts';
import { invalidateRevisions, restoreRevision } from '../../api/revisions';
import { errorToast, toast } from '../../components/Toast';

/*
 * Writes of the article and episode editor pages (spec 7: POST to create, PATCH to edit, DELETE).
 * Each refreshes what it changed (invalidateNews, invalidatePodcasts): the item's own entry is
 * replaced by the server's answer, and the lists that show it are refetched; a deleted item's
 * entries are dropped once its page has been left (forgetDeleted). Redirects are the screen's job.
 */

/** Create (no id) or edit (id) an article; the form sends the schema's parsed output. */
export function useSaveArticle(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleCreateInput | ArticlePatchInput) =>
      id ? updateArticle(id, input) : createArticle(input as ArticleCreateInput),
    onSuccess: async (article) => {
      toast({ title: id ? 'Article updated' : 'Article created successfully!' });
      await Promise.all([invalidateNews(queryClient, article), invalidateRevisions(queryClient, 'news', article.id)]);
    },
    onError: (error) =>
      errorToast(error, id ? 'Failed to update article. Please try again.' : 'Failed to create article. Please try again.'),
  });
}

export function useDeleteArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteArticle(id),
    onSuccess: async () => {
      toast({ title: 'Article deleted successfully' });
      await invalidateNews(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete article. Please try again.'),
  });
}

/** Create (no id) or edit (id) an episode; the form sends the schema's parsed output. */
export function useSavePodcast(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PodcastCreateInput | PodcastPatchInput) =>
      id ? updatePodcast(id, input) : createPodcast(input as PodcastCreateInput),
    onSuccess: async (podcast) => {
      toast({ title: id ? 'Podcast episode updated successfully!' : 'Podcast episode created successfully!' });
      await Promise.all([invalidatePodcasts(queryClient, { saved: podcast }), invalidateRevisions(queryClient, 'podcasts', podcast.id)]);
    },
    onError: (error) =>
      errorToast(
        error,
        id ? 'Failed to update podcast episode. Please try again.' : 'Failed to create podcast episode. Please try again.',
      ),
  });
}

export function useDeletePodcast(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePodcast(id),
    onSuccess: async () => {
      toast({ title: 'Podcast episode deleted successfully!' });
      await invalidatePodcasts(queryClient, { deleted: id });
    },
    onError: (error) => errorToast(error, 'Failed to delete podcast episode. Please try again.'),
  });
}

/** Restores one of an article's revisions (a new revision itself); the edit page shows the result. */
export function useRestoreArticleRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: string) => restoreRevision('news', id, revisionId),
    onSuccess: async (article) => {
      toast({ title: 'Version restored' });
      await Promise.all([invalidateNews(queryClient, article), invalidateRevisions(queryClient, 'news', id)]);
    },
    onError: (error) => errorToast(error, 'Failed to restore this version. Please try again.'),
  });
}

/** Restores one of an episode's revisions. */
export function useRestorePodcastRevision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revisionId: string) => restoreRevision('podcasts', id, revisionId),
    onSuccess: async (podcast) => {
      toast({ title: 'Version restored' });
      await Promise.all([invalidatePodcasts(queryClient, { saved: podcast }), invalidateRevisions(queryClient, 'podcasts', id)]);
    },
    onError: (error) => errorToast(error, 'Failed to restore this version. Please try again.'),
  });
}
