import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ForumCategory } from '../../../contracts/forums';
import { forumQueries } from '../../api/forums';
import { PlainLinkButton } from '../../components/PlainButton';
import { Card } from '../../components/Card';
import { CardGrid } from '../../components/CardGrid';
import { Time } from '../../components/Time';
import { formatCount } from '../../lib/format';
import { useViewer } from '../../session/viewer';
import { useSiteName } from '../site';
import { NewsShowcase } from './NewsShowcase';
import { PodcastShowcase } from './PodcastShowcase';
import './home.css';

// A visitor's first page never downloads the member's sections (the bundle budget of `/`).
const MemberHome = lazy(() => import('./MemberHome').then((m) => ({ default: m.MemberHome })));

/**
 * Spec 2: three fixed showcase cards. The spec has them carry static counts and times; the forum page
 * beside them counts the same categories for real, and a home page saying 128 where the forum says 4
 * reads as false. So each card shows its category's live count and newest post, found by name
 * (docs/decisions/2026-11-25-home-forum-cards-live.md); a category that does not exist shows neither.
 */
const FORUM_SHOWCASE = [
  {
    title: 'AI Implementation',
    description: 'Practical experience rolling out AI tools in close, audit and reporting workflows.',
  },
  {
    title: 'Regulatory Compliance',
    description: 'Standards updates, filing deadlines and how teams keep controls audit-ready.',
  },
  {
    title: 'Learning & Development',
    description: 'Certifications, study plans and the skills finance teams are investing in.',
  },
] as const;

/**
 * Spec 2, Home. The hero's Join Community and the closing Get Started Today invite visitors to sign
 * up; a signed-in member is already in: the hero gives way to their own home (docs/home.md) and the
 * closing call points to the forums (docs/decisions/2026-11-25-home-for-members.md, 2026-11-28-daily-user.md).
 */
export function HomeScreen() {
  const siteName = useSiteName();
  const { isSignedIn } = useViewer();
  const categories = useQuery(forumQueries.categories()).data;
  const byName = new Map(categories?.map((category) => [category.name, category]));

  return (
    <div className="home">
      {isSignedIn ? (
        <Suspense fallback={null}>
          <MemberHome />
        </Suspense>
      ) : (
        <section className="hero" aria-labelledby="hero-title">
          <p className="hero__eyebrow">For accounting, audit and corporate-finance professionals</p>
          <h1 id="hero-title">Welcome to {siteName}</h1>
          <p className="hero__lead">
            Curated news, expert podcasts and peer discussions on AI in accounting, regulation and the future of
            finance, trusted by 10,000+ professionals.
          </p>
          <div className="hero__actions">
            <PlainLinkButton to="/login" size="lg">
              Join Community
            </PlainLinkButton>
          </div>
          <p className="hero__note">No spam, just powerful insights!</p>
        </section>
      )}

      <NewsShowcase />
      <PodcastShowcase />

      <section className="section" aria-labelledby="home-forums-title">
        <div className="section__header">
          <h2 id="home-forums-title">Community Forums</h2>
        </div>
        <CardGrid items={FORUM_SHOWCASE} itemKey={(forum) => forum.title} aria-label="Forum highlights">
          {(forum) => (
            <Card as="article" isInteractive className="forum-card">
              <div className="card__body">
                <h3 className="card__title">
                  <Link to="/forums" className="card__link">
                    {forum.title}
                  </Link>
                </h3>
                <p className="card__text">{byName.get(forum.title)?.description ?? forum.description}</p>
                <ForumCardFooter category={byName.get(forum.title)} />
              </div>
            </Card>
          )}
        </CardGrid>
      </section>

      {isSignedIn ? (
        <section className="cta" aria-labelledby="home-cta-title">
          <h2 id="home-cta-title">Share What You Have Learned</h2>
          <p>Ask a question, answer one, or tell the community what worked in your last close or audit.</p>
          <PlainLinkButton to="/forums" size="lg" className="cta__button">
            Start a Discussion
          </PlainLinkButton>
        </section>
      ) : (
        <section className="cta" aria-labelledby="home-cta-title">
          <h2 id="home-cta-title">Ready to Transform Your Accounting Practice?</h2>
          <p>Join the professionals who use {siteName} to stay ahead of automation, regulation and AI.</p>
          <PlainLinkButton to="/login" size="lg" className="cta__button">
            Get Started Today
          </PlainLinkButton>
        </section>
      )}
    </div>
  );
}

/** A showcase card's count and newest post, as the forum page counts them. */
function ForumCardFooter({ category }: { category: ForumCategory | undefined }) {
  if (!category) return null;
  const count = category.discussionCount;
  return (
    <div className="card__footer">
      <span>
        {formatCount(count)} {count === 1 ? 'discussion' : 'discussions'}
      </span>
      <span className="card__spacer" />
      {category.lastActivityAt ? (
        <span>
          Latest: <Time value={category.lastActivityAt} show="relative" />
        </span>
      ) : null}
    </div>
  );
}
