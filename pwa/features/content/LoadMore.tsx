import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { PlainButton } from '../../components/PlainButton';
import { OfflineError } from '../../lib/errors';

export interface LoadMoreProps {
  /** The paged list (newsQueries.pages, podcastQueries.pages). */
  list: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error' | 'fetchNextPage'>;
  /** The button's text, e.g. 'Load More Articles'. */
  label: string;
  /** What the list holds, for the messages: 'articles', 'episodes'. */
  what: string;
}

/**
 * 'Load more' under a paged list: shown only while another page exists. Offline, a page read before
 * comes from the device; one that never was says it needs a connection (never a silent failure),
 * and pressing again tries again.
 */
export function LoadMore({ list, label, what }: LoadMoreProps) {
  if (!list.hasNextPage) return null;
  const failure = list.isFetchNextPageError && !list.isFetchingNextPage ? list.error : null;
  return (
    <div className="section__footer load-more">
      {failure ? (
        <p role="alert" className="load-more__message">
          {failure instanceof OfflineError
            ? `You're offline. Loading more ${what} needs an internet connection.`
            : `More ${what} could not be loaded.`}
        </p>
      ) : null}
      <PlainButton variant="secondary" isPending={list.isFetchingNextPage} onPress={() => void list.fetchNextPage()}>
        {list.isFetchingNextPage ? 'Loading...' : label}
      </PlainButton>
    </div>
  );
}
