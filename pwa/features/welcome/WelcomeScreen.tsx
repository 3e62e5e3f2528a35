import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PlainButton, PlainLinkButton, PlainToggleButton } from '../../components/PlainButton';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { authQueries } from '../../session/queries';
import { UnconfirmedEmailNotice } from '../auth';
import { LoadFailure } from '../content';
import { useSiteName } from '../site';
import { KIND_HEADINGS, topicsOfKind, useFollowTopics, useTopics } from '../topics';
import './welcome.css';

const AT_LEAST = 3;

/**
 * /welcome, the first visit after sign-up: a greeting (never "Welcome back": they have not been
 * away), the unconfirmed-email notice with its resend, and topics to follow as chips. Continue follows
 * the picks (three at least) and opens the home; Skip for now opens it at once.
 */
export function WelcomeScreen() {
  const siteName = useSiteName();
  const { data: user } = useQuery(authQueries.user());
  const topics = useTopics();
  const follow = useFollowTopics();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());

  const key = (t: { kind: string; id: string }) => `${t.kind}:${t.id}`;
  const toggle = (k: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(k);
      else next.delete(k);
      return next;
    });
  const chosen = topics.data?.topics.filter((t) => picked.has(key(t))) ?? [];
  const ready = chosen.length >= AT_LEAST;

  let chips;
  if (topics.isPending) {
    chips = (
      <SkeletonGroup label="Loading topics" className="welcome__groups">
        <Skeleton shape="rect" height="6rem" />
      </SkeletonGroup>
    );
  } else if (topics.isError) {
    chips = <LoadFailure error={topics.error} title="Topics could not be loaded." retry={() => void topics.refetch()} level={3} />;
  } else {
    chips = (
      <div className="welcome__groups">
        {KIND_HEADINGS.map(([kind, heading]) => {
          const list = topicsOfKind(topics.data.topics, kind);
          if (!list.length) return null;
          return (
            <div key={kind} role="group" aria-labelledby={`welcome-${kind}`} className="welcome__group">
              <h3 id={`welcome-${kind}`}>{heading}</h3>
              <div className="welcome__chips">
                {list.map((topic) => (
                  <PlainToggleButton key={topic.id} isSelected={picked.has(key(topic))} onChange={(on) => toggle(key(topic), on)}>
                    {topic.name}
                  </PlainToggleButton>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    );
  }

  const onContinue = () =>
    follow.mutate(
      chosen.filter((t) => t.level !== 'following'),
      { onSuccess: () => void navigate({ to: '/' }) },
    );

  return (
    <div className="welcome">
      <header className="page-header">
        <h1>Welcome to {siteName}</h1>
        <p>Tell us what you care about, and your home starts with it.</p>
      </header>
      <UnconfirmedEmailNotice user={user} />
      <section aria-labelledby="welcome-topics" className="welcome__topics">
        <h2 id="welcome-topics">Pick at least three topics</h2>
        <p className="welcome__hint">You can change them at any time in Your topics.</p>
        {chips}
        <p className="welcome__count" role="status">
          {chosen.length} picked{ready ? '' : `, ${AT_LEAST - chosen.length} more to continue`}
        </p>
        <div className="welcome__actions">
          <PlainButton isDisabled={!ready} isPending={follow.isPending} onPress={onContinue}>
            Continue
          </PlainButton>
          <PlainLinkButton to="/" variant="ghost">
            Skip for now
          </PlainLinkButton>
        </div>
      </section>
    </div>
  );
}
