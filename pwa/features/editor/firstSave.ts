import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';

/*
 * After an Add page's first save the page becomes the item's edit page (its address replaced, so
 * Back still leaves the editor and a second save edits instead of creating another item). The
 * saved item is handed to the edit page's form so it goes on saying what became of it.
 */
const justCreated = new Map<string, unknown>();

type Kind = 'news' | 'podcasts';

/** Opens the edit page of the item an Add page just created (in place of /add), then its preview if asked. */
export function useOpenCreated(kind: Kind) {
  const navigate = useNavigate();
  return useCallback(
    async (item: { id: string }, preview: boolean) => {
      justCreated.set(item.id, item);
      const params = { id: item.id };
      await navigate(kind === 'news' ? { to: '/news/$id/edit', params, replace: true } : { to: '/podcasts/$id/edit', params, replace: true });
      if (preview) await navigate(kind === 'news' ? { to: '/news/$id/preview', params } : { to: '/podcasts/$id/preview', params });
    },
    [kind, navigate],
  );
}

/** The item as its Add page saved it, when the edit page of `id` opens right after; else null. */
export function justCreatedItem<T>(id: string | undefined): T | null {
  return id ? ((justCreated.get(id) as T | undefined) ?? null) : null;
}

/** Forgets the hand-over once the edit page closes: a later visit starts without the notice. */
export function useForgetCreated(id: string | undefined) {
  useEffect(() => () => void (id && justCreated.delete(id)), [id]);
}
