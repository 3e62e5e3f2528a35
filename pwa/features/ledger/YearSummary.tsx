import { lazy, Suspense } from 'react';
import { CPD_BODY_RULES, type CpdYear } from '../../../contracts/cpd';
import { formatHours, formatMinutes, longDate, monthLabel, progressPercent } from './logic';

// uPlot loads with the chart only, after the year's figures are on screen (as the admin's dashboard does).
const MonthChart = lazy(() => import('./MonthChart'));

/** The year against its target: hours, verifiable and not apart, by month and by topic. */
export function YearSummary({ data }: { data: CpdYear }) {
  const { totals, settings } = data;
  const percent = progressPercent(totals.minutes, totals.targetMinutes);
  const body = CPD_BODY_RULES[settings.body].label;
  const hasTime = data.byMonth.some((month) => month.minutes > 0);
  return (
    <div className="ledger-summary">
      <p className="ledger-summary__span">
        {longDate(data.from)} to {longDate(data.to)} · {body}
      </p>
      <div className="ledger-progress">
        <p className="ledger-progress__figure" id="ledger-progress-label">
          <strong>{formatHours(totals.minutes)} h</strong> of {formatHours(totals.targetMinutes)} h
        </p>
        <progress max={100} value={percent} aria-labelledby="ledger-progress-label" />
        <p className="ledger-progress__note">
          {totals.missingMinutes > 0 ? `${formatHours(totals.missingMinutes)} hours to go` : 'Target reached for this year'}
        </p>
      </div>
      <dl className="ledger-totals">
        <div>
          <dt>Verifiable</dt>
          <dd>{formatMinutes(totals.verifiableMinutes)}</dd>
        </div>
        <div>
          <dt>Non-verifiable</dt>
          <dd>{formatMinutes(totals.nonVerifiableMinutes)}</dd>
        </div>
        {settings.verifiableHours !== null ? (
          <div>
            <dt>Verifiable needed</dt>
            <dd>{settings.verifiableHours} h</dd>
          </div>
        ) : null}
      </dl>

      <div className="ledger-charts">
        <figure className="ledger-chart" aria-labelledby="ledger-months-title">
          <figcaption id="ledger-months-title">By month</figcaption>
          {hasTime ? (
            <Suspense fallback={<div className="ledger-chart__canvas" aria-hidden="true" />}>
              <MonthChart months={data.byMonth} />
            </Suspense>
          ) : null}
          <details className="ledger-months">
            <summary>Each month's time</summary>
            <table className="ledger-table">
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Time</th>
                  <th scope="col">Verifiable</th>
                </tr>
              </thead>
              <tbody>
                {data.byMonth.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{monthLabel(month.month)}</th>
                    <td>{formatMinutes(month.minutes)}</td>
                    <td>{formatMinutes(month.verifiableMinutes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </figure>
        <div className="ledger-chart" aria-labelledby="ledger-topics-title" role="group">
          <h3 id="ledger-topics-title">By topic</h3>
          {data.byTopic.length === 0 ? (
            <p className="ledger-muted">No topics yet.</p>
          ) : (
            <ul className="ledger-topics">
              {data.byTopic.map((topic) => (
                <li key={topic.topic}>
                  <span>{topic.topic}</span>
                  <span className="ledger-topics__bar" aria-hidden="true">
                    <span style={{ width: `${progressPercent(topic.minutes, Math.max(...data.byTopic.map((t) => t.minutes)))}%` }} />
                  </span>
                  <span>{formatMinutes(topic.minutes)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
