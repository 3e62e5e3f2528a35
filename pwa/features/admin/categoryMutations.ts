import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NewsCategoryCreateInput, NewsCategoryUpdateInput } from '../../../contracts/admin';
import { createNewsCategory, deleteNewsCategory, newsCategoryListKey, updateNewsCategory } from '../../api/news-categories';
import { newsQueries } from '../../api/news';
import { podcastQueries } from '../../api/podcasts';
import { errorToast, toast } from '../../components/Toast';

/** Both category lists, and the article and episode lists that embed category names and colours. */
function categoriesChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: newsCategoryListKey }),
    queryClient.invalidateQueries({ queryKey: newsQueries.all() }),
    queryClient.invalidateQueries({ queryKey: podcastQueries.all() }),
  ]);
}

export function useSaveCategory(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof NewsCategoryCreateInput> | z.output<typeof NewsCategoryUpdateInput>) =>
      id ? updateNewsCategory(id, input) : createNewsCategory(input as z.output<typeof NewsCategoryCreateInput>),
    onSuccess: async () => {
      toast({ title: id ? 'Category updated successfully!' : 'Category created successfully!' });
      await categoriesChanged(queryClient);
    },
    onError: (error) => errorToast(error, id ? 'Failed to update category.' : 'Failed to create category.'),
  });
}

/** The list's active switch: PATCH {isActive} alone. */
export function useCategoryActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => updateNewsCategory(id, { isActive }),
    onSuccess: async () => {
      toast({ title: 'Category updated successfully!' });
      await categoriesChanged(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to update category.'),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNewsCategory,
    onSuccess: async () => {
      toast({ title: 'Category deleted successfully!' });
      await categoriesChanged(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete category.'),
  });
}
