import { queryOptions } from '@tanstack/react-query';
import type { PostEdit } from '../../contracts/edits';
import { apiFetch } from './client';

/**
 * A comment's, reply's or discussion's edit history, as moderators read it: GET
 * `{post}/edits`, oldest first. Key ['edits', post path]; read when the dialog opens, never kept
 * offline (moderation is an online task).
 */
export const editQueries = {
  history: (postPath: string) =>
    queryOptions({
      queryKey: ['edits', postPath],
      queryFn: ({ signal }) => apiFetch<PostEdit[]>(`${postPath}/edits`, { signal }),
      staleTime: 0,
    }),
};
