import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { CpdYear } from '../../../contracts/cpd';
import { cpdExportUrl, cpdQueries } from '../../api/cpd';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Select } from '../../components/Select';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { OfflineError, serverMessage } from '../../lib/errors';
import { buttonClassName } from '../../components/buttonClassName';
import { useOnline } from '../../offline/useOnline';
import { OfflineNotice } from '../../components/OfflineNotice';
import { AddActivityDialog } from './AddActivityDialog';
import { EntryList } from './EntryList';
import { DeleteLedger, PauseTracking } from './LedgerControls';
import { LedgerSettingsForm } from './LedgerSettingsForm';
import { YearSummary } from './YearSummary';
import { yearOptions } from './logic';
import './ledger.css';

export const EMPTY_LEDGER = 'Nothing logged yet. Time you spend reading articles and listening to episodes appears here.';

/**
 * /cpd: the member's CPD ledger for one CPD year (docs/cpd.md). The year's hours against the body's
 * target, by month and topic; its entries with their reflections and evidence; the member's own
 * activities; exports; and the controls that keep the ledger theirs (pause, delete). Offline it shows
 * the year as this device last saw it, marked as such; every change needs a connection.
 */
export function LedgerScreen() {
  const { year } = useSearch({ from: '/cpd' });
  const query = useQuery(cpdQueries.year(year));
  const online = useOnline();

  if (query.isPending) {
    return (
      <LedgerPage>
        <SkeletonGroup label="Loading your CPD ledger" className="ledger-skeleton">
          <Skeleton shape="rect" height="6rem" />
          <Skeleton shape="rect" height="10rem" />
          <Skeleton shape="rect" height="4rem" />
          <Skeleton shape="rect" height="4rem" />
        </SkeletonGroup>
      </LedgerPage>
    );
  }
  if (query.isError) {
    return (
      <LedgerPage>
        {query.error instanceof OfflineError ? (
          <OfflineNotice what="ledger" level={2} />
        ) : (
          <EmptyState
            title="Your CPD ledger could not be loaded."
            description={serverMessage(query.error, 'Please try again in a moment.')}
            action={
              <Button variant="secondary" onPress={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        )}
      </LedgerPage>
    );
  }
  return <LedgerYear data={query.data} online={online} />;
}

function LedgerPage({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="ledger-page">
      <header className="page-header heading-row heading-row--end">
        <div>
          <h1>CPD ledger</h1>
          <p>The time you spend reading and listening here, kept as evidence for your professional body.</p>
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}

function LedgerYear({ data, online }: { data: CpdYear; online: boolean }) {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const { settings } = data;
  const currentYear = new Date().getUTCFullYear();
  const years = yearOptions(data.years, data.year, currentYear, settings.yearStartMonth);
  const offline = !online;

  return (
    <LedgerPage
      actions={
        <div className="ledger-page__actions">
          <Button variant="primary" size="sm" isDisabled={offline} onPress={() => setAdding(true)}>
            Add an activity
          </Button>
        </div>
      }
    >
      {offline ? (
        <p className="notice-panel ledger-stale" role="status">
          You're offline. This is your ledger as last seen on this device, and it may be out of date; changes need a connection.
        </p>
      ) : null}
      {settings.trackingPaused ? (
        <p className="notice-panel ledger-paused" role="status">
          Tracking is paused: nothing you read or listen to is measured until you turn it back on.
        </p>
      ) : null}

      <section className="ledger-section ledger-year" aria-labelledby="ledger-year-title">
        <div className="ledger-year__head">
          <h2 id="ledger-year-title">Your year</h2>
          <Select
            label="CPD year"
            className="ledger-year__picker"
            options={years}
            value={String(data.year)}
            onChange={(key) => {
              if (key !== null) void navigate({ to: '/cpd', search: { year: Number(key) } });
            }}
          />
        </div>
        <YearSummary data={data} />
      </section>

      <section className="ledger-section" aria-labelledby="ledger-entries-title">
        <div className="ledger-section__head">
          <h2 id="ledger-entries-title">Entries</h2>
          <div className="ledger-exports">
            <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={cpdExportUrl('csv', data.year)} download>
              Download CSV
            </a>
            <a className={buttonClassName({ variant: 'secondary', size: 'sm' })} href={cpdExportUrl('pdf', data.year)} download>
              Download PDF
            </a>
          </div>
        </div>
        {data.entries.length === 0 ? (
          <EmptyState title={EMPTY_LEDGER} className="ledger-empty" />
        ) : (
          <EntryList entries={data.entries} offline={offline} />
        )}
      </section>

      <section className="ledger-section" aria-labelledby="ledger-settings-title">
        <h2 id="ledger-settings-title">Your body and CPD year</h2>
        <LedgerSettingsForm key={JSON.stringify(settings)} settings={settings} offline={offline} />
      </section>

      <section className="ledger-section ledger-privacy" aria-labelledby="ledger-privacy-title">
        <h2 id="ledger-privacy-title">Privacy</h2>
        <p>Your ledger is yours alone: staff cannot read it. Only a verification link you hand out shows an entry to someone else.</p>
        <PauseTracking settings={settings} offline={offline} />
        <DeleteLedger offline={offline} />
      </section>

      <AddActivityDialog isOpen={adding} onOpenChange={setAdding} />
    </LedgerPage>
  );
}
