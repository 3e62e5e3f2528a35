import type { Topic } from '../../../contracts/topics';
import { PlainToggleButton } from '../../components/PlainButton';
import { useSetTopicLevel } from './mutations';
import './topics.css';

/**
 * Follow and Mute for one topic: two pressed/not-pressed buttons (one at most pressed; pressing the
 * pressed one clears it). Plain buttons: /news and /podcasts draw it, and React Aria stays out of
 * their first load.
 */
export function TopicToggles({ topic }: { topic: Topic }) {
  const setLevel = useSetTopicLevel();
  const change = (level: Topic['level']) => setLevel.mutate({ kind: topic.kind, id: topic.id, name: topic.name, level, previous: topic.level });
  return (
    <div className="topic-toggles" role="group" aria-label={topic.name}>
      <PlainToggleButton isSelected={topic.level === 'following'} onChange={(on) => change(on ? 'following' : null)}>
        Follow<span className="visually-hidden"> {topic.name}</span>
      </PlainToggleButton>
      <PlainToggleButton isSelected={topic.level === 'muted'} onChange={(on) => change(on ? 'muted' : null)}>
        Mute<span className="visually-hidden"> {topic.name}</span>
      </PlainToggleButton>
    </div>
  );
}
