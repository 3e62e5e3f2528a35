import { useQuery } from '@tanstack/react-query';
import type { Article } from '../../../contracts/news';
import { Button } from '../../components/Button';
import { BookmarkIcon } from '../../components/icons';
import { useSaveForOffline } from './mutations';
import { savedQueries } from './savedQueries';

/** The article page's 'Save for offline' / 'Remove from saved' toggle. */
export function SaveForOfflineButton({ article }: { article: Article }) {
  const saved = useQuery(savedQueries.isSaved(article.id));
  const toggle = useSaveForOffline(article.id);
  // Until the device answers, nothing is offered (the wrong label would flash).
  if (saved.data === undefined) return null;
  const label = saved.data
    ? toggle.isPending
      ? 'Removing...'
      : 'Remove from saved'
    : toggle.isPending
      ? 'Saving...'
      : 'Save for offline';
  return (
    <Button variant="secondary" size="sm" isPending={toggle.isPending} onPress={() => toggle.mutate(!saved.data)}>
      <BookmarkIcon filled={saved.data} />
      {label}
    </Button>
  );
}
