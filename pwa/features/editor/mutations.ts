import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Article, ArticleCreateInput, ArticlePatchInput } from '../../../contracts/news';
import type { Podcast, PodcastCreateInput, PodcastPatchInput } from '../../../contracts/podcasts';
import { apiFetch } from '../../api/client';
import { newsQueries } from '../../api/news';
import { podcastQueries } from '../../api/podcasts';
import { podcastShowQueries } from '../../api/podcast-shows';
import { errorToast, toast } from '../../components/Toast';

/*
 * Writes of the article and episode editor pages (spec 7: POST to create, PATCH to edit, DELETE).
 * Each refreshes what it changed: the item's own entry is replaced by (or, on delete, dropped for)
 * the server's answer, and the lists that show it are refetched. Redirects are the screen's job.
 */


const articlePath = (id: string) => `/api/news/${encodeURIComponent(id)}`;
const podcastPath = (id: string) => `/api/podcasts/${encodeURIComponent(id)}`;

/** Create (no id) or edit (id) an article; the form sends the schema's parsed output. */
export function useSaveArticle(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleCreateInput | ArticlePatchInput) =>
      id
        ? apiFetch<Article>(articlePath(id), { method: 'PATCH', body: input })
        : apiFetch<Article>('/api/news', { method: 'POST', body: input }),
    onSuccess: async (article) => {
      toast({ title: id ? 'Article updated' : 'Article created successfully!' });
      queryClient.setQueryData(newsQueries.detail(article.id).queryKey, article);
      await queryClient.invalidateQueries({ queryKey: newsQueries.lists() });
    },
    onError: (error) =>
      errorToast(error, id ? 'Failed to update article. Please try again.' : 'Failed to create article. Please try again.'),
  });
}

/**
 * Drops a deleted item's cache entries. Called once the edit page has been left: while it still
 * shows the item (during the redirect delay) a dropped entry would be refetched, and 404.
 */
export function forgetDeleted(queryClient: QueryClient, kind: 'news' | 'podcasts', id: string): void {
  queryClient.removeQueries({ queryKey: [kind, id] });
}

export function useDeleteArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>(articlePath(id), { method: 'DELETE' }),
    onSuccess: async () => {
      toast({ title: 'Article deleted successfully' });
      await queryClient.invalidateQueries({ queryKey: newsQueries.lists() });
    },
    onError: (error) => errorToast(error, 'Failed to delete article. Please try again.'),
  });
}

/**
 * An episode change shows in the lists and the featured strip (spec 7: refreshed after edits), and
 * in the shows' episode counts and next free numbers.
 */
function podcastListsChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: podcastQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: podcastQueries.featured().queryKey }),
    queryClient.invalidateQueries({ queryKey: podcastShowQueries.all() }),
  ]);
}

export function useSavePodcast(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PodcastCreateInput | PodcastPatchInput) =>
      id
        ? apiFetch<Podcast>(podcastPath(id), { method: 'PATCH', body: input })
        : apiFetch<Podcast>('/api/podcasts', { method: 'POST', body: input }),
    onSuccess: async (podcast) => {
      toast({ title: id ? 'Podcast episode updated successfully!' : 'Podcast episode created successfully!' });
      queryClient.setQueryData(podcastQueries.detail(podcast.id).queryKey, podcast);
      await podcastListsChanged(queryClient);
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
    mutationFn: () => apiFetch<unknown>(podcastPath(id), { method: 'DELETE' }),
    onSuccess: async () => {
      toast({ title: 'Podcast episode deleted successfully!' });
      await podcastListsChanged(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete podcast episode. Please try again.'),
  });
}
