import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NewsCategoryCreateInput, NewsCategoryUpdateInput } from '../../../../contracts/admin';
import { createNewsCategory, deleteNewsCategory, invalidateNewsCategories, updateNewsCategory } from '../../../api/news-categories';
import { errorToast, toast } from '../../../components/Toast';

/* News category writes of the control panel's Categories screen. */

export function useSaveCategory(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof NewsCategoryCreateInput> | z.output<typeof NewsCategoryUpdateInput>) =>
      id ? updateNewsCategory(id, input) : createNewsCategory(input as z.output<typeof NewsCategoryCreateInput>),
    onSuccess: async () => {
      toast({ title: id ? 'Category updated successfully!' : 'Category created successfully!' });
      await invalidateNewsCategories(queryClient);
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
      await invalidateNewsCategories(queryClient);
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
      await invalidateNewsCategories(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete category.'),
  });
}
