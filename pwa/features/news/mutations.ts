import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Article, ArticlePutInput } from '../../../contracts/news';
import { deleteArticle, forgetDeleted, invalidateNews, replaceArticle, setArticleArchived, setArticleStatus } from '../../api/news';
import { errorToast, toast } from '../../components/Toast';

/*
 * Article writes of the news list and the article page. Each one refreshes the narrowest part of
 * the cache it changed (invalidateNews in pwa/api/news.ts, invalidateComments in
 * pwa/api/comments.ts): the article itself (its ['news', id] entry is replaced by the server's
 * answer), the lists that show it (['news', {…}]). Comments are written by pwa/features/content/commentMutations.ts.
 */

/** Publish/Unpublish (spec 4). */
export function useArticleStatus(article: Pick<Article, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: Article['status']) => setArticleStatus(article.id, status),
    onSuccess: async (updated) => {
      toast({
        title: 'Status updated',
        description:
          updated.status === 'published' ? 'Article published successfully.' : 'Article set to draft successfully.',
      });
      await invalidateNews(queryClient, updated);
    },
    onError: (error) => errorToast(error, 'Failed to update article status.'),
  });
}

/** Archive/Unarchive (spec 4): moves the article between the Active and Archive tabs. */
export function useArticleArchive(article: Pick<Article, 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isArchived: boolean) => setArticleArchived(article.id, isArchived),
    onSuccess: async (updated) => {
      toast(
        updated.isArchived
          ? { title: 'Article archived', description: 'Article has been moved to the archive.' }
          : { title: 'Article unarchived', description: 'Article has been restored from the archive.' },
      );
      await invalidateNews(queryClient, updated);
    },
    onError: (error) => errorToast(error, 'Failed to archive/unarchive article.'),
  });
}

/**
 * The article page's Edit Article dialog: PUT /api/news/{id} with the whole form. Its failure
 * ('Update failed') is shown inside the dialog, where a toast would cover the dialog's buttons.
 */
export function useArticleUpdate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ArticlePutInput>) => replaceArticle(id, input),
    onSuccess: async (updated) => {
      toast({ title: 'Article updated' });
      await invalidateNews(queryClient, updated);
    },
  });
}

/**
 * Delete from the article page. `leave` navigates away; it runs before the article's cache entries
 * are dropped, so the page never refetches (and 404s on) the article it is leaving.
 */
export function useArticleDelete(id: string, leave: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteArticle(id),
    onSuccess: async () => {
      toast({ title: 'Article deleted successfully' });
      await leave();
      // The article and its comments are gone; lists that showed it are refetched.
      forgetDeleted(queryClient, 'news', id);
      await invalidateNews(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete article'),
  });
}
