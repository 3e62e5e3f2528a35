import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Home, HomeDiscussion, HomeItem } from '../../../contracts/home';
import { homeQueries } from '../../api/home';
import { cpdQueries } from '../../api/cpd';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { BookmarkIcon } from '../../components/icons';
import { formatClock, formatDateTime } from '../../lib/format';
import { cpdNudgeLines } from '../../lib/cpdNudge';
import { storedAt } from '../../offline/status';
import { downloadQueries, usePlayerSelect, type PlayerState } from '../listening';
import { upNextItems, type UpNextItem } from './upNext';

/**
 * A signed-in member's start of the home page, in place of the visitors' invitation (docs/home.md):
 * Continue, Up Next, New since your last visit, Your discussions and Saved, in that order, each only
 * when it has something and each item saying why it is there. One request builds it; offline the
 * device's last copy answers, and says when it was made. A member who has nothing yet gets the way
 * to News and Podcasts.
 */
export function MemberHome() {
  // Asked again on every visit home: the member comes back from another device, or from the player.
  const home = useQuery({ ...homeQueries.member(), refetchOnMount: 'always' });
  const queue = usePlayerSelect(selectQueue);
  // This device's downloaded episodes (IndexedDB, no request).
  const downloadedCount = useQuery(downloadQueries.list()).data?.length ?? 0;
  const data = home.data;
  const savedOn = data ? storedAt(data) : undefined;

  return (
    <div className="member-home">
      <section className="continue-shelf" aria-labelledby="continue-title">
        <p className="hero__eyebrow">Your day</p>
        <h1 id="continue-title">Continue</h1>
        {savedOn !== undefined ? (
          <p className="member-home__stored" role="status">
            Saved on this device · updated {formatDateTime(savedOn)}
          </p>
        ) : null}
        <CpdNudge />
        {!data ? (
          home.isPending ? (
            <p className="continue-shelf__note" role="status">
              Loading your day...
            </p>
          ) : (
            <p className="continue-shelf__note">Your home could not be loaded. It shows here again once you are online.</p>
          )
        ) : data.continue.length === 0 ? (
          <p className="continue-shelf__note">
            Nothing in progress yet. Start with the latest <Link to="/news">News</Link> or an episode from{' '}
            <Link to="/podcasts">Podcasts</Link>; what you read, save and listen to will wait for you here.
          </p>
        ) : (
          <ItemList items={data.continue} label="In progress" />
        )}
      </section>
      {data ? <Sections home={data} queue={upNextItems(queue, data.upNext)} downloadedCount={downloadedCount} /> : null}
    </div>
  );
}

const selectQueue = (s: PlayerState) => s.upNext;

function Sections({ home, queue, downloadedCount }: { home: Home; queue: UpNextItem[]; downloadedCount: number }) {
  const hasNew = home.newSinceLastVisit.length > 0;
  return (
    <>
      {queue.length > 0 ? (
        <HomeSection id="up-next" title="Up Next">
          <ul className="member-home__items">
            {queue.map((item) => (
              <li key={item.id}>
                <ItemCard kind="episode" id={item.id} title={item.title} reason={item.reason} detail={item.showName} />
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}
      {hasNew || home.latest.length > 0 ? (
        <HomeSection id="new" title={hasNew ? 'New since your last visit' : 'Latest'}>
          {hasNew ? <ItemList items={home.newSinceLastVisit} label="New in the topics you follow" /> : null}
          {hasNew && home.latest.length > 0 ? (
            <p className="member-home__divider" role="separator">
              <span>since your last visit</span>
            </p>
          ) : null}
          {home.latest.length > 0 ? <ItemList items={home.latest} label="Latest" /> : null}
        </HomeSection>
      ) : null}
      {home.discussions.length > 0 ? (
        <HomeSection id="discussions" title="Your discussions">
          <ul className="grid-list grid-list--tight">
            {home.discussions.map((d) => (
              <DiscussionRow key={d.id} discussion={d} />
            ))}
          </ul>
        </HomeSection>
      ) : null}
      {home.saved.count > 0 || downloadedCount > 0 ? (
        <HomeSection id="saved" title="Saved">
          <p className="member-home__saved">
            <Link to="/saved" className="continue-card__saved">
              <BookmarkIcon />
              Saved ({home.saved.count})
            </Link>
            <span className="continue-card__position">
              {home.saved.count === 1 ? '1 article' : `${home.saved.count} articles`} kept for reading later, online or off
              {downloadedCount > 0 ? `; ${downloadedCount === 1 ? '1 episode' : `${downloadedCount} episodes`} downloaded for listening` : ''}.
            </span>
          </p>
          {home.saved.items.length > 0 ? <ItemList items={home.saved.items} label="Saved for later" /> : null}
        </HomeSection>
      ) : null}
    </>
  );
}

function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="member-home__section" aria-labelledby={`home-${id}-title`}>
      <h2 id={`home-${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function ItemList({ items, label }: { items: HomeItem[]; label: string }) {
  return (
    <ul className="member-home__items" aria-label={label}>
      {items.map((item) => (
        <li key={`${item.kind}:${item.id}`}>
          <ItemCard kind={item.kind} id={item.id} title={item.title} reason={item.reason.text} detail={item.showName}>
            <Progress item={item} />
          </ItemCard>
        </li>
      ))}
    </ul>
  );
}

/** One item: why it is here, its linked title, and how far along the member is. */
function ItemCard(props: { kind: HomeItem['kind']; id: string; title: string; reason: string; detail?: string | null; children?: ReactNode }) {
  return (
    <Card as="article" isInteractive className="continue-card">
      <div className="card__body">
        <p className="card__meta member-home__reason">{props.reason}</p>
        <h3 className="card__title">
          <Link to={props.kind === 'article' ? '/news/$id' : '/podcasts/$id'} params={{ id: props.id }} className="card__link">
            {props.title}
          </Link>
        </h3>
        {props.detail ? <p className="continue-card__position">{props.detail}</p> : null}
        {props.children}
      </div>
    </Card>
  );
}

function Progress({ item }: { item: HomeItem }) {
  const p = item.progress;
  if (!p) return null;
  if (item.kind === 'episode' && p.positionSeconds !== null) {
    return (
      <p className="continue-card__position">
        Resume at {formatClock(p.positionSeconds)}
        {p.durationSeconds ? ` of ${formatClock(p.durationSeconds)}` : ''}
      </p>
    );
  }
  if (p.share === null) return null;
  const percent = Math.round(p.share * 100);
  const labelId = `home-progress-${item.kind}-${item.id}`;
  return (
    <div className="continue-card__progress">
      <progress max={100} value={percent} aria-labelledby={labelId} />
      <span id={labelId}>{percent}% read</span>
    </div>
  );
}

function DiscussionRow({ discussion: d }: { discussion: HomeDiscussion }) {
  return (
    <li className="split-row split-row--item member-home__discussion">
      <Link to="/forums/$id" params={{ id: d.id }} className="member-home__discussion-link">
        {d.title}
      </Link>
      <span className="member-home__discussion-meta">
        {d.unread > 0 ? <Badge tone="blue">{d.reason.text}</Badge> : <span className="member-home__reason">{d.reason.text}</span>}
        {d.answered ? <Badge tone="green">Answered</Badge> : null}
      </span>
    </li>
  );
}

/** What reading and listening added to the member's CPD ledger today, with the way to the ledger. */
function CpdNudge() {
  const lines = cpdNudgeLines(useQuery({ ...cpdQueries.today(), refetchOnMount: 'always' }).data);
  if (lines.length === 0) return null;
  return (
    <p className="continue-shelf__cpd">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
      <Link to="/cpd">CPD ledger</Link>
    </p>
  );
}
