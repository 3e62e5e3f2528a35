import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Topic, TopicChoice, TopicKind, TopicLevel, TopicList } from '../../../contracts/topics';
import { topicPath, topicQueries } from '../../api/topics';
import { errorToast, toast } from '../../components/Toast';
import { useQueuedItems } from '../../outbox/hooks';
import { newItemBase, OUTBOX_MUTATION, QUEUED_TOAST, sendOrQueue, type SendResult } from '../../outbox/outbox';

export interface TopicChange {
  kind: TopicKind;
  id: string;
  name: string;
  level: TopicLevel;
  /** The level it had, for the toast's words ("Unfollowed", "Unmuted"). */
  previous: TopicLevel;
}

/** PUT is idempotent and the newest level is the only one that matters (replaceKey: the topic). */
const sendLevel = ({ kind, id, level }: Pick<TopicChange, 'kind' | 'id' | 'level'>) =>
  sendOrQueue<TopicChoice>({ ...newItemBase(), kind: 'topic', method: 'PUT', path: topicPath(kind, id), body: { level }, targetId: id, text: level ?? '', replaceKey: `${kind}:${id}` });

/** Shown at once, before the server answers (the outbox's refresh then brings the server's list). */
function showLevel(queryClient: QueryClient, { kind, id, level }: Pick<TopicChange, 'kind' | 'id' | 'level'>): void {
  queryClient.setQueryData<TopicList>(topicQueries.list().queryKey, (list) =>
    list ? { topics: list.topics.map((t) => (t.kind === kind && t.id === id ? { ...t, level } : t)) } : list,
  );
}

function toastFor({ name, level, previous }: TopicChange): string {
  if (level === 'following') return `You follow ${name}`;
  if (level === 'muted') return `${name} is muted`;
  return previous === 'muted' ? `${name} is no longer muted` : `You no longer follow ${name}`;
}

/** Follow, mute, or neither: sent at once, or queued offline. */
export function useSetTopicLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: (change: TopicChange) => sendLevel(change),
    onMutate: (change) => showLevel(queryClient, change),
    onSuccess: (result: SendResult<TopicChoice>, change) => toast(result.queued ? QUEUED_TOAST : { title: toastFor(change) }),
    onError: (error, change) => {
      showLevel(queryClient, { ...change, level: change.previous });
      errorToast(error, 'Failed to change your topics');
    },
  });
}

/** The welcome step's picks: each followed (one idempotent PUT per topic, queued offline like the rest). */
export function useFollowTopics() {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: async (topics: ReadonlyArray<Pick<Topic, 'kind' | 'id'>>) => {
      const results = await Promise.all(topics.map((t) => sendLevel({ ...t, level: 'following' })));
      for (const t of topics) showLevel(queryClient, { ...t, level: 'following' });
      return results;
    },
    onError: (error) => errorToast(error, 'Failed to follow your topics'),
  });
}

/**
 * The member's topics as the server last said, with the levels still waiting in the outbox laid over
 * them (the newest queued level of a topic wins), so a choice made offline shows at once.
 */
export function useTopics(enabled = true) {
  const list = useQuery({ ...topicQueries.list(), enabled });
  const queued = useQueuedItems('topic', { state: 'pending' });
  if (!list.data || !queued.length) return list;
  const waiting = new Map(queued.map((item) => [item.path, (item.text || null) as TopicLevel]));
  const topics = list.data.topics.map((t) => {
    const path = topicPath(t.kind, t.id);
    return waiting.has(path) ? { ...t, level: waiting.get(path)! } : t;
  });
  return { ...list, data: { topics } };
}
