import { useQuery } from '@tanstack/react-query';
import { readingListQueries } from '../../api/reading-list';
import { BookmarkIcon } from '../../components/icons';
import { PlainToggleButton } from '../../components/PlainButton';
import { useOutboxItems } from '../../outbox/hooks';
import { useSessionUserId } from '../../session/useSession';
import { useSaveForOffline } from './mutations';
import { savedQueries } from './savedQueries';
import './save-toggle.css';

/**
 * Whether an article is saved, from lists every card shares (one query each, not one per card): the
 * copies on this device, and for a signed-in member their reading list too (saved on another device)
 * with their queued saves and removals on top (the newest wins). `undefined` until the device answers.
 */
export function useIsSaved(articleId: string): boolean | undefined {
  const userId = useSessionUserId();
  const device = useQuery(savedQueries.list());
  const list = useQuery({ ...readingListQueries.list(), enabled: userId !== null });
  const queued = useOutboxItems().filter((item) => item.targetId === articleId && (item.kind === 'listSave' || item.kind === 'listRemove'));
  if (queued.length > 0) return queued[queued.length - 1].kind === 'listSave';
  if (device.data === undefined) return undefined;
  if (device.data.some((copy) => copy.id === articleId)) return true;
  return list.data?.some((entry) => entry.articleId === articleId && !entry.gone) ?? false;
}

/**
 * The one-tap Save on cards and at the top of an article: a bookmark icon, pressed when saved, named
 * "Save <title>" / "Remove <title> from saved". Same writes as 'Save for offline' (works signed out
 * and offline).
 */
export function SaveToggle({ article, className }: { article: { id: string; title: string }; className?: string }) {
  const saved = useIsSaved(article.id);
  const toggle = useSaveForOffline(article.id, article.title);
  return (
    <PlainToggleButton
      appearance="icon"
      className={['save-toggle', className].filter(Boolean).join(' ')}
      aria-label={saved ? `Remove ${article.title} from saved` : `Save ${article.title}`}
      isSelected={saved === true}
      // Until the device answers, the state is unknown: shown, not offered.
      isDisabled={saved === undefined || toggle.isPending}
      onChange={(save) => toggle.mutate(save)}
    >
      <BookmarkIcon filled={saved === true} />
    </PlainToggleButton>
  );
}
