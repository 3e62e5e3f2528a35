import type { Article } from '../../../contracts/news';
import { PlainButton } from '../../components/PlainButton';
import { BookmarkIcon } from '../../components/icons';
import { useSaveForOffline } from './mutations';
import { useIsSaved } from './SaveToggle';

/** The article page's 'Save for offline' / 'Remove from saved' button at its end (SaveToggle is the compact one at its top). */
export function SaveForOfflineButton({ article }: { article: Article }) {
  const saved = useIsSaved(article.id);
  const toggle = useSaveForOffline(article.id, article.title);
  // Until the device answers, nothing is offered (the wrong label would flash).
  if (saved === undefined) return null;
  const label = saved
    ? toggle.isPending
      ? 'Removing...'
      : 'Remove from saved'
    : toggle.isPending
      ? 'Saving...'
      : 'Save for offline';
  return (
    <PlainButton variant="secondary" size="sm" isPending={toggle.isPending} onPress={() => toggle.mutate(!saved)}>
      <BookmarkIcon filled={saved} />
      {label}
    </PlainButton>
  );
}
