import { Link } from '@tanstack/react-router';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { LoadFailure } from '../content';
import { KIND_HEADINGS, topicsOfKind } from './kinds';
import { useTopics } from './mutations';
import { TopicToggles } from './TopicToggles';
import './topics.css';

/**
 * /topics, "Your topics": every news category, podcast show and forum category with Follow and Mute.
 * A forum category's Follow is its Watching in the forums (one level, two places to set it).
 */
export function TopicsScreen() {
  const topics = useTopics();

  let body;
  if (topics.isPending) {
    body = (
      <SkeletonGroup label="Loading your topics" className="topics-page__groups">
        {KIND_HEADINGS.map(([kind]) => (
          <Skeleton key={kind} shape="rect" height="8rem" />
        ))}
      </SkeletonGroup>
    );
  } else if (topics.isError) {
    body = <LoadFailure error={topics.error} title="Your topics could not be loaded." retry={() => void topics.refetch()} level={2} />;
  } else {
    body = (
      <div className="topics-page__groups">
        {KIND_HEADINGS.map(([kind, heading]) => {
          const list = topicsOfKind(topics.data.topics, kind);
          if (!list.length) return null;
          return (
            <section key={kind} aria-labelledby={`topics-${kind}`} className="topics-page__group">
              <h2 id={`topics-${kind}`}>{heading}</h2>
              {kind === 'forum_category' ? (
                <p className="topics-page__hint">
                  Following a forum category is watching it: you hear of every new discussion and reply in it (<Link to="/forums">Forums</Link>).
                </p>
              ) : null}
              <ul className="topics-page__list">
                {list.map((topic) => (
                  <li key={topic.id} className="split-row split-row--item topics-page__row">
                    <span className="topics-page__name">{topic.name}</span>
                    <TopicToggles topic={topic} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    );
  }

  return (
    <div className="topics-page">
      <header className="page-header">
        <h1>Your topics</h1>
        <p>Follow a topic to see what is new in it first on your home. Mute a topic to keep it off your home and out of your digest.</p>
      </header>
      {body}
    </div>
  );
}
