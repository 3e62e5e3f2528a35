import { useQuery } from '@tanstack/react-query';
import type { TopicKind } from '../../../contracts/topics';
import { authQueries } from '../../session/queries';
import { useTopics } from './mutations';
import { TopicToggles } from './TopicToggles';

/**
 * Follow / Mute on a topic's own page (a news category's list, a show's episodes), for signed-in
 * members only: visitors see nothing, and nothing is asked for them.
 */
export function TopicControl({ kind, id }: { kind: TopicKind; id: string }) {
  const { data: user } = useQuery(authQueries.user());
  const topics = useTopics(Boolean(user));
  const topic = topics.data?.topics.find((t) => t.kind === kind && t.id === id);
  if (!user || !topic) return null;
  return (
    <div className="topic-control">
      {/* Says what the buttons are about beside the filter chips above; the buttons name it themselves. */}
      <span className="topic-control__name" aria-hidden="true">
        {topic.name}
      </span>
      <TopicToggles topic={topic} />
    </div>
  );
}
