import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { MemberProfile } from '../../../contracts/profile';
import { authQueries } from '../../session/queries';
import { ApiError } from '../../lib/errors';
import { OfflineError, serverMessage } from '../../lib/errors';
import { memberQueries } from '../../api/members';
import { Avatar } from '../../components/Avatar';
import { BackLink } from '../../components/BackLink';
import { Badge } from '../../components/Badge';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { Time } from '../../components/Time';
import { CommentIcon, HeartIcon, TrophyIcon } from '../../components/icons';
import { fullName, formatCount } from '../../lib/format';
import { OfflineNotice } from '../../components/OfflineNotice';
import { ReportButton } from '../moderation';
import './members.css';

const route = getRouteApi('/members/$id');

/**
 * /members/{id}: a member's public page, for visitors too. Only what the API's public
 * contract carries (contracts/profile.ts MemberProfile): never an email, role or account state.
 */
export function MemberScreen() {
  const { id } = route.useParams();
  const member = useQuery(memberQueries.detail(id));

  let body;
  if (member.isPending) {
    body = <MemberSkeleton />;
  } else if (member.isError) {
    body =
      member.error instanceof ApiError && member.error.status === 404 ? (
        <div className="member-missing">
          <h1>Member Not Found</h1>
          <p>This member's page doesn't exist, or is no longer public.</p>
        </div>
      ) : member.error instanceof OfflineError ? (
        <OfflineNotice what="member" />
      ) : (
        <EmptyState
          title="This member's page could not be loaded."
          description={serverMessage(member.error, 'Please try again in a moment.')}
          action={
            <Button variant="secondary" onPress={() => void member.refetch()}>
              Try again
            </Button>
          }
        />
      );
  } else {
    body = <MemberView member={member.data} />;
  }

  return (
    <div className="member-page">
      <BackLink to="/community">Back to Community</BackLink>
      {body}
    </div>
  );
}

function MemberView({ member }: { member: MemberProfile }) {
  const { data: viewer } = useQuery(authQueries.user());
  const name = fullName(member, 'Community Member');
  const role = [member.title || 'Community Member', member.company].filter(Boolean).join(' · ');
  return (
    <article className="member" aria-labelledby="member-name">
      <header className="card member__header">
        <div className="card__body member__intro">
          <Avatar person={member} size="xl" />
          <div className="member__who">
            <h1 id="member-name" className="member__name">
              {name}
            </h1>
            <p className="member__role">{role}</p>
            <p className="member__meta">
              <span>
                Joined <Time value={member.joinedAt} show="date" />
              </span>
              <span className="member__points">
                <TrophyIcon />
                {formatCount(member.points)} points
              </span>
            </p>
          </div>
          {viewer?.id === member.id ? (
            <LinkButton to="/profile" variant="secondary" size="sm" className="member__edit">
              Edit profile
            </LinkButton>
          ) : viewer ? (
            <ReportButton target={{ type: 'member', id: member.id }} noun="member" />
          ) : null}
        </div>
      </header>

      <div className="member__details">
        {member.bio ? (
          <section aria-labelledby="member-about" className="member__section">
            <h2 id="member-about">About</h2>
            {/* Plain text as written: line breaks kept, nothing interpreted as markup. */}
            <p className="member__bio">{member.bio}</p>
          </section>
        ) : null}
        <BadgeSection id="member-expertise" title="Expertise" items={member.expertiseTags} tone="blue" />
        <BadgeSection id="member-badges" title="Badges" items={member.badges} tone="amber" />
      </div>

      <div className="member__work">
        <WorkList
          id="member-articles"
          title="Articles"
          total={member.articleCount}
          empty={`${name} has not published an article yet.`}
          to="/news/$id"
          items={member.articles}
          meta={(article) => (
            <>
              {article.publishedAt ? <Time value={article.publishedAt} show="date" /> : null}
              <WorkStat icon={<CommentIcon />} count={article.commentCount} one="comment" many="comments" />
              <WorkStat icon={<HeartIcon />} count={article.likes} one="like" many="likes" />
            </>
          )}
        />
        <WorkList
          id="member-discussions"
          title="Discussions"
          total={member.discussionCount}
          empty={`${name} has not started a discussion yet.`}
          to="/forums/$id"
          items={member.discussions}
          meta={(discussion) => (
            <>
              <Time value={discussion.createdAt} show="date" />
              <WorkStat icon={<CommentIcon />} count={discussion.replyCount} one="reply" many="replies" />
            </>
          )}
        />
      </div>
    </article>
  );
}

interface WorkListProps<T extends { id: string; title: string }> {
  id: string;
  title: string;
  total: number;
  empty: string;
  /** The page each item opens. */
  to: '/news/$id' | '/forums/$id';
  items: readonly T[];
  /** The line under an item's title: its date and counts. */
  meta: (item: T) => ReactNode;
}

/** The newest few of the member's articles or discussions; the heading counts them all. */
function WorkList<T extends { id: string; title: string }>({ id, title, total, empty, to, items, meta }: WorkListProps<T>) {
  return (
    <Card as="section" className="member-work" aria-labelledby={id}>
      <div className="card__body">
        <h2 id={id} className="member-work__title">
          {title} <span className="member-work__count">({total})</span>
        </h2>
        {items.length === 0 ? (
          <p className="member-work__empty">{empty}</p>
        ) : (
          <>
            <ul className="member-work__list">
              {items.map((item) => (
                <li key={item.id} className="member-work__item">
                  <Link to={to} params={{ id: item.id }} className="member-work__link">
                    {item.title}
                  </Link>
                  <span className="member-work__meta">{meta(item)}</span>
                </li>
              ))}
            </ul>
            {total > items.length ? (
              <p className="member-work__more">
                The {items.length} newest of {total}.
              </p>
            ) : null}
          </>
        )}
      </div>
    </Card>
  );
}

function MemberSkeleton() {
  return (
    <SkeletonGroup label="Loading member" className="member-skeleton">
      <div className="member-skeleton__intro">
        <Skeleton shape="circle" width="6rem" height="6rem" />
        <div className="member-skeleton__lines">
          <Skeleton width="14rem" height="1.75rem" />
          <Skeleton width="10rem" />
          <Skeleton width="8rem" />
        </div>
      </div>
      <Skeleton shape="rect" height="10rem" />
    </SkeletonGroup>
  );
}

/** A titled list of badges (expertise tags, earned badges); nothing when the member has none. */
function BadgeSection({ id, title, items, tone }: { id: string; title: string; items: string[]; tone: 'blue' | 'amber' }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="member__section">
      <h2 id={id}>{title}</h2>
      <ul className="badge-list" aria-labelledby={id}>
        {items.map((item) => (
          <li key={item}>
            <Badge tone={tone}>{item}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WorkStat({ icon, count, one, many }: { icon: ReactNode; count: number; one: string; many: string }) {
  return (
    <span className="member-work__stat">
      {icon}
      {count} {count === 1 ? one : many}
    </span>
  );
}
