import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../contracts/news';
import { newsQueries } from '../../api/news';
import { readingListEntryPath } from '../../api/paths';
import { invalidateReadingList } from '../../api/reading-list';
import { toast } from '../../components/Toast';
import { newItemBase, sendOrQueue } from '../../outbox/outbox';
import { currentUserId } from '../../session/session';
import { isSaved, listSaved, removeSaved, saveArticle } from '../../offline/store';

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

/**
 * A signed-in member's save or removal also changes their reading list on the server (issue 22), sent
 * now or queued in the outbox, with the time it was made here: the server merges by that time.
 */
async function changeReadingList(id: string, save: boolean, title: string | undefined): Promise<void> {
  if (!currentUserId()) return;
  const base = newItemBase();
  await sendOrQueue(
    save
      ? { ...base, kind: 'listSave', method: 'PUT', path: readingListEntryPath(id), body: { changedAt: base.writtenAt }, targetId: id, title }
      : { ...base, kind: 'listRemove', method: 'DELETE', path: `${readingListEntryPath(id)}?changedAt=${encodeURIComponent(base.writtenAt)}`, targetId: id, title },
  );
}

/** Save for offline (`save` true) or Remove from saved; works offline too (a member's change is queued). */
export function useSaveForOffline(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (save: boolean) => {
      if (!save) {
        await changeReadingList(id, false, undefined);
        return removeSaved(id);
      }
      // The copies the article page shows: the article and, when loaded, its comments.
      const article = queryClient.getQueryData(newsQueries.detail(id).queryKey);
      if (!article) throw new Error('The article is not loaded');
      await changeReadingList(id, true, article.title);
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
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: savedQueries.all() }), invalidateReadingList(queryClient)]),
  });
}
