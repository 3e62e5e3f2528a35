import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '../../../contracts/comments';
import { newsQueries } from '../../api/news';
import { invalidateReadingList, readingListWrites } from '../../api/reading-list';
import { errorToast, toast } from '../../components/Toast';
import { newItemBase, OUTBOX_MUTATION, sendOrQueue } from '../../outbox/outbox';
import { removeSaved, saveArticle } from '../../offline/store';
import { currentUserId } from '../../session/session';
import type { PositionChange } from './readingPosition';
import { savedQueries } from './savedQueries';

/*
 * The library's writes. A copy for offline reading is kept on this device (the offline store); a
 * signed-in member's save, removal and reading progress also change their reading list on the
 * server, sent now or queued in the outbox with the time they were made here (the server merges by
 * that time), and refreshed by the engine through invalidateReadingList (pwa/outbox/kinds.ts).
 */

/** A member's save or removal, for their reading list on the server; nothing for a visitor. */
async function changeReadingList(id: string, save: boolean, title: string | undefined): Promise<void> {
  if (!currentUserId()) return;
  const base = newItemBase();
  const write = save ? readingListWrites.save(id, base.writtenAt) : readingListWrites.remove(id, base.writtenAt);
  await sendOrQueue({ ...base, ...write, kind: save ? 'listSave' : 'listRemove', targetId: id, title });
}

/**
 * Save for offline (`save` true) or Remove from saved; works offline too (a member's change is queued).
 * From a card the article is not loaded yet: it is fetched first; when that cannot be done (offline,
 * not stored) a member's save is still queued with `title`, and their reading list's download brings
 * the copy once online.
 */
export function useSaveForOffline(id: string, title?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: async (save: boolean) => {
      if (!save) {
        await changeReadingList(id, false, undefined);
        return removeSaved(id);
      }
      // The copies the article page shows: the article and, when loaded, its comments.
      const article =
        queryClient.getQueryData(newsQueries.detail(id).queryKey) ??
        (await queryClient.fetchQuery(newsQueries.detail(id)).catch((error: unknown) => {
          if (currentUserId() && title) return undefined;
          throw error;
        }));
      await changeReadingList(id, true, article?.title ?? title);
      if (!article) return;
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
      errorToast(error, save ? 'Could not save the article on this device.' : 'Could not remove the saved article.');
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: savedQueries.all() }), invalidateReadingList(queryClient)]),
  });
}

/** Mark as finished (`finished` true) or as unread, from Saved; queued offline. */
export function useMarkFinished(articleId: string, title: string) {
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: (finished: boolean) => {
      const base = newItemBase();
      return sendOrQueue({ ...base, ...readingListWrites.progress(articleId, base.writtenAt, { finished }), kind: 'listProgress', targetId: articleId, title });
    },
    onError: (error) => errorToast(error, 'Could not change the article.'),
  });
}

/** 'Download now' in Saved: one article, regardless of the storage budget. Needs a connection. */
export function useDownloadArticle(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Loaded when used, as the sync loads it: the article page's Save button needs none of it.
    mutationFn: () => import('./readingListSync').then((sync) => sync.downloadArticle(articleId)),
    onError: (error) => errorToast(error, 'Could not download the article. Check your connection.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedQueries.all() }),
  });
}

/**
 * Sends how far a member has read an article on their reading list (useReadingProgress), now or
 * queued; the server keeps the furthest position of all devices. A failure is only logged: it must
 * not interrupt the reading.
 */
export function sendReadingProgress(articleId: string, change: PositionChange): void {
  const base = newItemBase();
  void sendOrQueue({ ...base, ...readingListWrites.progress(articleId, base.writtenAt, change), kind: 'listProgress', targetId: articleId }).catch(
    (error: unknown) => console.warn('Reading progress', error),
  );
}
