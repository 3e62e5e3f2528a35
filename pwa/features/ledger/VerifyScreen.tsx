import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { verificationQueries } from '../../api/cpd';
import { Badge } from '../../components/Badge';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { ApiError, OfflineError } from '../../lib/errors';
import { OfflineNotice } from '../../components/OfflineNotice';
import { dateSpan, formatMinutes, TYPE_LABELS } from './logic';
import './ledger.css';

/**
 * /verify/<code>: what an auditor sees of one ledger entry, signed in or not: the member's name, the
 * item, its dates and measured minutes and whether they were synced later; nothing else about the
 * member. Kept out of search engines (a code is for whoever it was handed to).
 */
export function VerifyScreen() {
  const { code } = useParams({ from: '/verify/$code' });
  const check = useQuery(verificationQueries.code(code));
  return (
    <div className="verify-page">
      <meta name="robots" content="noindex" />
      <header className="page-header">
        <h1>CPD record check</h1>
        <p>An entry from a member's CPD ledger on this site, as its verification code shows it.</p>
      </header>
      {check.isPending ? (
        <SkeletonGroup label="Checking the code" className="ledger-skeleton">
          <Skeleton shape="rect" height="10rem" />
        </SkeletonGroup>
      ) : check.isError ? (
        check.error instanceof OfflineError ? (
          <OfflineNotice what="list" level={2} />
        ) : check.error instanceof ApiError && (check.error.status === 404 || check.error.status === 422 || check.error.status === 400) ? (
          <EmptyState
            className="verify-missing"
            title="No entry has this verification code."
            description="Check the link you were given: it may be mistyped, or the member may have deleted the entry."
          />
        ) : (
          <EmptyState title="The code could not be checked." description="Please try again in a moment." />
        )
      ) : (
        <article className="verify-card" aria-labelledby="verify-title">
          <h2 id="verify-title">{check.data.title}</h2>
          <dl className="verify-facts">
            <div>
              <dt>Member</dt>
              <dd>{check.data.memberName}</dd>
            </div>
            <div>
              <dt>Provider</dt>
              <dd>{check.data.provider}</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>{TYPE_LABELS[check.data.type]}</dd>
            </div>
            <div>
              <dt>Dates</dt>
              <dd>{dateSpan(check.data.firstDate, check.data.lastDate)}</dd>
            </div>
            <div>
              <dt>{check.data.type === 'external' ? 'Minutes (as the member recorded them)' : 'Measured minutes'}</dt>
              <dd>
                {check.data.minutes} min{check.data.minutes >= 60 ? ` (${formatMinutes(check.data.minutes)})` : ''}
              </dd>
            </div>
            <div>
              <dt>Synced later</dt>
              <dd>{check.data.syncedLater ? 'Yes: some of this time was recorded offline and sent when the device was back online' : 'No'}</dd>
            </div>
          </dl>
          {check.data.verifiableReady ? <Badge tone="green">Verifiable-ready</Badge> : null}
        </article>
      )}
    </div>
  );
}
