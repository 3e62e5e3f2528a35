import { useQuery } from '@tanstack/react-query';
import type { WatchLevel } from '../../../contracts/watches';
import { watchQueries, type WatchTarget } from '../../api/watches';
import { Select } from '../../components/Select';
import { useQueuedItems } from '../../outbox/hooks';
import { authQueries } from '../../session/queries';
import { useSetWatch } from './mutations';
import { WATCH_LEVEL_ORDER, WATCH_LEVEL_TEXT } from './levels';
import './watching.css';

const LABELS: Record<WatchTarget, string> = { discussion: 'Follow this discussion', category: 'Follow this category' };

/**
 * Watch / Normal / Mute for a discussion or a forum category, for signed-in members (nothing for
 * visitors): a Select with the chosen level's one-line explanation under it. A level chosen offline
 * waits in the outbox and is shown at once (the newest queued one wins over the stored answer).
 */
export function WatchControl({ target, id }: { target: WatchTarget; id: string }) {
  const { data: user } = useQuery(authQueries.user());
  const watch = useQuery({ ...watchQueries.level(target, id), enabled: Boolean(user) });
  const queued = useQueuedItems('watch', { targetId: id, state: 'pending' });
  const setWatch = useSetWatch(target, id);
  if (!user || !watch.data) return null;
  const level = (queued.at(-1)?.text as WatchLevel | undefined) ?? watch.data.level;
  return (
    <Select
      className="watch-control"
      label={LABELS[target]}
      description={WATCH_LEVEL_TEXT[level][target]}
      options={WATCH_LEVEL_ORDER.map((l) => ({ id: l, label: WATCH_LEVEL_TEXT[l].label }))}
      value={level}
      isDisabled={setWatch.isPending}
      // The keys are the levels; a Select without an empty choice never hands back null.
      onChange={(key) => key !== null && key !== level && setWatch.mutate(String(key) as WatchLevel)}
    />
  );
}
