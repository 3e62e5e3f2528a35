import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../contracts/news';
import { newsQueries } from '../api/news.queries';
import { toast } from '../components/Toast';
import { isSaved, listSaved, removeSaved, saveArticle } from './store';

/**
 * Saved articles live on the device (the offline store), under keys of their own. `device` tells the
 * server's renderer not to run them: a page rendered there shows them as the browser's first render
 * does, still being read.
 */
const device = { device: true };
export const savedQueries = {
  all: () => ['offline', 'saved'] as const,
  list: () => queryOptions({ queryKey: ['offline', 'saved', 'list'], queryFn: listSaved, meta: device }),
  isSaved: (id: string) => queryOptions({ queryKey: ['offline', 'saved', id], queryFn: () => isSaved(id), meta: device }),
};

/** Save for offline (`save` true) or Remove from saved; works offline too (nothing is sent). */
export function useSaveForOffline(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (save: boolean) => {
      if (!save) return removeSaved(id);
      // The copies the article page shows: the article and, when loaded, its comments.
      const article = queryClient.getQueryData(newsQueries.detail(id).queryKey);
      if (!article) throw new Error('The article is not loaded');
      return saveArticle(article, queryClient.getQueryData<Comment[]>(newsQueries.comments(id).queryKey));
    },
    onSuccess: (_result, save) => {
      toast(
        save
          ? { title: 'Saved for offline', description: 'This article stays readable without a connection. Find it under Saved.' }
          : { title: 'Removed from saved' },
      );
    },
    onError: (error, save) => {
      console.error('Saving for offline failed', error);
      toast({
        title: 'Error',
        description: save ? 'Could not save the article on this device.' : 'Could not remove the saved article.',
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedQueries.all() }),
  });
}
