import { balancedColumns, balancedGridClasses } from '../../components/CardGrid';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CommunityStats, Contributor } from '../../../contracts/community';
import { communityQueries } from '../../api/community';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { fullName, formatCount } from '../../lib/format';
import { MemberLink } from '../content';
import { BookIcon, CommentIcon, EditIcon, TrophyIcon } from '../../components/icons';
import './community.css';
import { LoadFailure } from '../content';

const STAT_TILES: readonly { key: keyof CommunityStats; label: string }[] = [
  { key: 'activeMembers', label: 'Active Members' },
  { key: 'discussionsThisWeek', label: 'This Week' },
  { key: 'questionsAnswered', label: 'Answered' },
  { key: 'resourcesShared', label: 'Resources' },
  { key: 'podcastListeners', label: 'Listeners' },
  { key: 'certificationsEarned', label: 'Certified' },
];

/** Spec 2: four static badges. */
const ACHIEVEMENTS = [
  { name: 'First Post', description: 'Start or reply to your first discussion', Icon: EditIcon },
  { name: 'Active Discussant', description: '50+ forum replies', Icon: CommentIcon },
  { name: 'Knowledge Seeker', description: '10+ resources accessed', Icon: BookIcon },
  { name: 'Expert Contributor', description: 'Top 1% contributors', Icon: TrophyIcon },
] as const;

const TIPS = [
  { title: 'Share Knowledge', text: 'Answer questions in the forums and explain how your team solved a problem.' },
  { title: 'Create Content', text: 'Start discussions on new standards, tools and practices you are working with.' },
  { title: 'Stay Active', text: 'Check in weekly: regular participation builds your points and your network.' },
  { title: 'Help Others', text: 'Welcome new members and point them to the resources that helped you.' },
] as const;

const PODIUM_SIZE = 3;
const LEADERBOARD_SIZE = 5;
const MEDALS = ['gold', 'silver', 'bronze'] as const;

/** Stat tiles and badges: balanced grids (6 → 3 + 3 or 6 in a row, 4 → 2 × 2 or 4), never a lone tile. */
const tiles = balancedGridClasses('tile');

/** /community (spec 2): stats, top contributors, badges, leaderboard and tips. */
export function CommunityScreen() {
  const stats = useQuery(communityQueries.stats());
  const contributors = useQuery(communityQueries.contributors());

  return (
    <div className="community">
      <header className="page-header">
        <h1>Community Spotlight</h1>
        <p>Celebrating the professionals who share their knowledge and keep the conversation going.</p>
      </header>

      <section aria-label="Community statistics">
        {stats.isError ? (
          <LoadFailure error={stats.error} title="The community statistics could not be loaded." level={2} retry={() => void stats.refetch()} />
        ) : (
          <div className={tiles.frame}>
            <ul className={`community-stats ${tiles.list}`} style={balancedColumns(STAT_TILES.length)} aria-busy={stats.isPending || undefined}>
              {STAT_TILES.map(({ key, label }) => (
                <li key={key} className="community-stat">
                  <span className="community-stat__value">
                    {stats.data ? formatCount(stats.data[key]) : <Skeleton width="3ch" />}
                  </span>
                  <span className="community-stat__label">{label}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <div className="community__columns">
        <div className="community__main">
          <section aria-labelledby="top-contributors-title">
            <h2 id="top-contributors-title">Top Contributors This Month</h2>
            <ContributorRanking
              query={contributors}
              size={PODIUM_SIZE}
              loadingLabel="Loading top contributors"
              emptyText="No contributors data available yet."
              className="stack-list"
            >
              {(contributor, rank) => <PodiumCard contributor={contributor} rank={rank} />}
            </ContributorRanking>
          </section>

          <section aria-labelledby="achievements-title" className="community__achievements">
            <h2 id="achievements-title">Achievement Badges</h2>
            <div className={tiles.frame}>
              <ul className={`achievements ${tiles.list}`} style={balancedColumns(ACHIEVEMENTS.length)}>
                {ACHIEVEMENTS.map((badge) => (
                  <li key={badge.name} className="achievement">
                    <span className="achievement__icon">
                      <badge.Icon />
                    </span>
                    <span className="achievement__name">{badge.name}</span>
                    <span className="achievement__description">{badge.description}</span>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        </div>

        <aside className="community__side">
          <Card as="section" className="community-panel" aria-labelledby="leaderboard-title">
            <div className="card__body">
              <h2 id="leaderboard-title" className="community-panel__title">
                Monthly Leaderboard
              </h2>
              <ContributorRanking
                query={contributors}
                size={LEADERBOARD_SIZE}
                loadingLabel="Loading leaderboard"
                emptyText="No leaderboard data yet"
                className="leaderboard"
                itemClassName="leaderboard__row"
              >
                {(contributor, rank) => (
                  <>
                    <span className="leaderboard__rank">
                      <span className="visually-hidden">Rank </span>
                      {rank}
                    </span>
                    <Avatar person={contributor} size="sm" />
                    <MemberLink person={contributor} fallback="Community Member" className="leaderboard__name" />
                    <span className="leaderboard__points">{formatCount(contributor.points)} pts</span>
                  </>
                )}
              </ContributorRanking>
            </div>
          </Card>

          <Card as="section" className="community-panel" aria-labelledby="tips-title">
            <div className="card__body">
              <h2 id="tips-title" className="community-panel__title">
                Boost Your Engagement
              </h2>
              <ul className="tips">
                {TIPS.map((tip) => (
                  <li key={tip.title}>
                    <h3 className="tips__title">{tip.title}</h3>
                    <p>{tip.text}</p>
                  </li>
                ))}
              </ul>
            </div>
          </Card>
        </aside>
      </div>
    </div>
  );
}

interface ContributorRankingProps {
  query: UseQueryResult<Contributor[]>;
  /** How many of the top contributors it lists. */
  size: number;
  loadingLabel: string;
  emptyText: string;
  className: string;
  itemClassName?: string;
  /** An item's content; `rank` counts from 1. */
  children: (contributor: Contributor, rank: number) => ReactNode;
}

/** The top contributors in rank order, with the loading, error and empty states the podium and the leaderboard share (one query). */
function ContributorRanking({ query, size, loadingLabel, emptyText, className, itemClassName, children: item }: ContributorRankingProps) {
  if (query.isPending) {
    return (
      <SkeletonGroup label={loadingLabel} className="contributors-skeleton">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} shape="rect" height="3.5rem" />
        ))}
      </SkeletonGroup>
    );
  }
  if (query.isError) return <LoadFailure error={query.error} title="The contributors could not be loaded." retry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={emptyText} />;
  return (
    <ol className={className}>
      {query.data.slice(0, size).map((contributor, index) => (
        <li key={contributor.id} className={itemClassName}>
          {item(contributor, index + 1)}
        </li>
      ))}
    </ol>
  );
}

function PodiumCard({ contributor, rank }: { contributor: Contributor; rank: number }) {
  const name = fullName(contributor, 'Community Member');
  return (
    <Card as="article" className="podium-card" aria-label={`Rank ${rank}: ${name}`}>
      <div className="card__body podium-card__body">
        <span className={`medal medal--${MEDALS[rank - 1]}`}>
          <span className="visually-hidden">Rank </span>
          {rank}
        </span>
        <Avatar person={contributor} size="lg" />
        <div className="podium-card__who">
          <h3 className="podium-card__name">
            <MemberLink person={contributor} fallback="Community Member" />
          </h3>
          <p className="podium-card__title">{contributor.title || 'Community Member'}</p>
          {contributor.company ? <p className="podium-card__company">{contributor.company}</p> : null}
          {contributor.expertiseTags.length > 0 ? (
            <ul className="badge-list" aria-label="Expertise">
              {contributor.expertiseTags.slice(0, 2).map((tag) => (
                <li key={tag}>
                  <Badge tone="blue">{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <p className="podium-card__points">
          <span className="podium-card__points-value">{formatCount(contributor.points)}</span> points
        </p>
      </div>
    </Card>
  );
}
