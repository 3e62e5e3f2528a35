import { Link } from '@tanstack/react-router';
import { LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { CardGrid } from '../../components/CardGrid';
import { useViewer } from '../news/viewer';
import { useSiteName } from '../site/useSiteName';
import { NewsShowcase } from './NewsShowcase';
import { PodcastShowcase } from './PodcastShowcase';
import './home.css';

/** Spec 2: fixed showcase cards; their counts and times are static text, not data. */
const FORUM_SHOWCASE = [
  {
    title: 'AI Implementation',
    description: 'Practical experience rolling out AI tools in close, audit and reporting workflows.',
    discussions: 128,
    latest: '2 hours ago',
  },
  {
    title: 'Regulatory Compliance',
    description: 'Standards updates, filing deadlines and how teams keep controls audit-ready.',
    discussions: 94,
    latest: '5 hours ago',
  },
  {
    title: 'Learning & Development',
    description: 'Certifications, study plans and the skills finance teams are investing in.',
    discussions: 76,
    latest: '1 day ago',
  },
] as const;

/**
 * Spec 2, Home. The hero's Join Community and the closing Get Started Today invite visitors to sign
 * up; a signed-in member is already in, so both point to the forums instead (docs/architecture.md,
 * "Home for members").
 */
export function HomeScreen() {
  const siteName = useSiteName();
  const { isSignedIn } = useViewer();

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero__eyebrow">For accounting, audit and corporate-finance professionals</p>
        <h1 id="hero-title">Welcome to {siteName}</h1>
        <p className="hero__lead">
          Curated news, expert podcasts and peer discussions on AI in accounting, regulation and the future of
          finance, trusted by 10,000+ professionals.
        </p>
        <div className="hero__actions">
          {isSignedIn ? (
            <LinkButton to="/forums" size="lg">
              Join the Discussion
            </LinkButton>
          ) : (
            <LinkButton to="/login" size="lg">
              Join Community
            </LinkButton>
          )}
        </div>
        {isSignedIn ? null : <p className="hero__note">No spam, just powerful insights!</p>}
      </section>

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
                <p className="card__text">{forum.description}</p>
                <div className="card__footer">
                  <span>{forum.discussions} discussions</span>
                  <span className="card__spacer" />
                  <span>Latest: {forum.latest}</span>
                </div>
              </div>
            </Card>
          )}
        </CardGrid>
      </section>

      {isSignedIn ? (
        <section className="cta" aria-labelledby="home-cta-title">
          <h2 id="home-cta-title">Share What You Have Learned</h2>
          <p>Ask a question, answer one, or tell the community what worked in your last close or audit.</p>
          <LinkButton to="/forums" size="lg" className="cta__button">
            Start a Discussion
          </LinkButton>
        </section>
      ) : (
        <section className="cta" aria-labelledby="home-cta-title">
          <h2 id="home-cta-title">Ready to Transform Your Accounting Practice?</h2>
          <p>Join the professionals who use {siteName} to stay ahead of automation, regulation and AI.</p>
          <LinkButton to="/login" size="lg" className="cta__button">
            Get Started Today
          </LinkButton>
        </section>
      )}
    </div>
  );
}
