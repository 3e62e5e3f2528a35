import type { QueryClient } from '@tanstack/react-query';
import { discussionListsFilter, forumQueries } from '../../api/forums.queries';

/*
 * What each forum write changed, so it refetches only that (design: the narrowest prefix).
 * Category cards show published-discussion counts, so writes that add, remove, move or
 * (un)publish a discussion also refresh the categories.
 */

/** A discussion was created, edited, deleted or changed status. */
export function refreshAfterDiscussionWrite(queryClient: QueryClient, id?: string): void {
  void queryClient.invalidateQueries(discussionListsFilter);
  void queryClient.invalidateQueries({ queryKey: forumQueries.categories().queryKey });
  if (id) void queryClient.invalidateQueries({ queryKey: forumQueries.discussion(id).queryKey });
}

/** A discussion is gone: drop its cached detail rather than refetch a 404. */
export function refreshAfterDiscussionDelete(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: forumQueries.discussion(id).queryKey });
  refreshAfterDiscussionWrite(queryClient);
}

/** A reply changes its discussion and the reply count the lists show. */
export function refreshAfterReply(queryClient: QueryClient, discussionId: string): void {
  void queryClient.invalidateQueries({ queryKey: forumQueries.discussion(discussionId).queryKey });
  void queryClient.invalidateQueries(discussionListsFilter);
}
