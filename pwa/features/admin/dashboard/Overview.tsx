import { useId, useState, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DASHBOARD_PERIODS, type Dashboard, type DashboardItem, type DashboardMetric, type DashboardPeriod } from '../../../../contracts/dashboard';
import { ROLE_NAMES, type RoleId } from '../../../../contracts/constants';
import { dashboardQueries } from '../../../api/dashboard';
import { EmptyState } from '../../../components/EmptyState';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/Tabs';
import { Time } from '../../../components/Time';
import { LoadFailure } from '../../content';
import { TableSkeleton } from '../TableSkeleton';
import { formatCount } from '../../../lib/format';
import { MetricChart } from './MetricChart';
import { change, counted, METRIC_LABELS, shortDay } from './figures';
import './dashboard.css';

/**
 * The control panel's Overview: the site's figures over 7, 30 or 90 days against the period before,
 * what is waiting (drafts, scheduled) and who joined. Each figure's chart has its days as a table
 * for screen readers.
 */
export function Overview() {
  const [period, setPeriod] = useState<Key>('7');
  return (
    <Tabs selectedKey={period} onSelectionChange={setPeriod} className="dash">
      <TabList aria-label="Period" className="dash__periods">
        {DASHBOARD_PERIODS.map((days) => (
          <Tab key={days} id={String(days)}>{`${days} days`}</Tab>
        ))}
      </TabList>
      {DASHBOARD_PERIODS.map((days) => (
        <TabPanel key={days} id={String(days)}>
          <PeriodFigures days={days} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

function PeriodFigures({ days }: { days: DashboardPeriod }) {
  const query = useQuery(dashboardQueries.overview(days));
  if (query.isPending) return <TableSkeleton label="Loading the overview" />;
  if (query.isError) return <LoadFailure what="admin" error={query.error} title="The overview could not be loaded." retry={() => void query.refetch()} />;
  const d = query.data;
  return (
    <>
      <h2 className="visually-hidden">{`The last ${days} days`}</h2>
      <ul className="dash__tiles" aria-label="Figures">
        {d.metrics.map((metric) => (
          <li key={metric.key}>
            <Tile metric={metric} dashboard={d} />
          </li>
        ))}
      </ul>
      <div className="dash__lists">
        <TopPanel
          title="Top articles"
          empty="No comments or likes on articles in this period."
          to="/news/$id"
          items={d.topArticles.map((a) => ({ ...a, meta: `${counted(a.comments, 'comment')} · ${counted(a.likes, 'like')}` }))}
        />
        <TopPanel
          title="Top episodes"
          empty="No plays or comments on episodes in this period."
          to="/podcasts/$id"
          items={d.topEpisodes.map((e) => ({ ...e, meta: `${counted(e.plays, 'play')} · ${counted(e.comments, 'comment')}` }))}
        />
        <Panel title={`Drafts waiting (${d.drafts.count})`} empty="No drafts waiting." count={d.drafts.items.length}>
          {d.drafts.items.map((item) => (
            <ItemRow key={item.id} item={item} when={<>saved <Time value={item.at} show="relative" /></>} />
          ))}
        </Panel>
        <Panel title={`Scheduled (${d.scheduled.count})`} empty="Nothing is scheduled." count={d.scheduled.items.length}>
          {d.scheduled.items.map((item) => (
            <ItemRow key={item.id} item={item} when={<Time value={item.at} show="dayTime" />} />
          ))}
        </Panel>
        {d.recentSignups ? (
          <Panel title="Recent sign-ups" empty="No members yet." count={d.recentSignups.length}>
            {d.recentSignups.map((m) => (
              <li key={m.id}>
                <Link to="/members/$id" params={{ id: m.id }}>
                  {m.name}
                </Link>
                <span className="dash__meta">
                  {ROLE_NAMES[m.role as RoleId] ?? m.role} · joined <Time value={m.createdAt} show="relative" />
                </span>
              </li>
            ))}
          </Panel>
        ) : null}
      </div>
    </>
  );
}

/** A top list: each item links to its public page, with what it was counted for. */
function TopPanel({ title, empty, to, items }: { title: string; empty: string; to: '/news/$id' | '/podcasts/$id'; items: Array<{ id: string; title: string; meta: string }> }) {
  return (
    <Panel title={title} empty={empty} count={items.length}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={to} params={{ id: item.id }}>
            {item.title}
          </Link>
          <span className="dash__meta">{item.meta}</span>
        </li>
      ))}
    </Panel>
  );
}

function Tile({ metric, dashboard }: { metric: DashboardMetric; dashboard: Dashboard }) {
  const id = useId();
  const label = METRIC_LABELS[metric.key];
  const vs = `vs previous ${dashboard.days} days`;
  const direction = metric.total > metric.previousTotal ? 'up' : metric.total < metric.previousTotal ? 'down' : 'same';
  return (
    <section className="dash-tile" aria-labelledby={id} data-metric={metric.key}>
      <h3 id={id} className="dash-tile__label">
        {label}
      </h3>
      <p className="dash-tile__value">{formatCount(metric.total)}</p>
      <p className={`dash-tile__change dash-tile__change--${direction}`}>
        {change(metric)} <span className="dash__meta">{vs}</span>
      </p>
      <MetricChart current={metric.current} previous={metric.previous} />
      {/* Hidden by its box: a table ignores the 1px width and would widen the page. */}
      <div className="visually-hidden">
        <table>
        <caption>{`${label} per day: the last ${dashboard.days} days and the ${dashboard.days} days before`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">This period</th>
            <th scope="col">Previous period: day</th>
            <th scope="col">Previous period</th>
          </tr>
        </thead>
        <tbody>
          {dashboard.dates.map((day, i) => (
            <tr key={day}>
              <th scope="row">{shortDay(day)}</th>
              <td>{metric.current[i]}</td>
              <td>{shortDay(dashboard.previousDates[i] ?? day)}</td>
              <td>{metric.previous[i]}</td>
            </tr>
          ))}
        </tbody>
        </table>
      </div>
    </section>
  );
}

function Panel({ title, empty, count, children }: { title: string; empty: string; count: number; children: ReactNode }) {
  const id = useId();
  return (
    <section className="dash-panel" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {count === 0 ? <EmptyState title={empty} /> : <ul className="dash-panel__list">{children}</ul>}
    </section>
  );
}

function ItemRow({ item, when }: { item: DashboardItem; when: ReactNode }) {
  const kind = item.kind === 'article' ? 'Article' : 'Episode';
  return (
    <li>
      {item.kind === 'article' ? (
        <Link to="/news/$id/edit" params={{ id: item.id }}>
          {item.title}
        </Link>
      ) : (
        <Link to="/podcasts/$id/edit" params={{ id: item.id }}>
          {item.title}
        </Link>
      )}
      <span className="dash__meta">
        {kind} · {when}
      </span>
    </li>
  );
}
