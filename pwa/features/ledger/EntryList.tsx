import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CpdEntry } from '../../../contracts/cpd';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EntryPanel } from './EntryPanel';
import { dateSpan, formatMinutes, groupEntries, itemLink, TYPE_LABELS } from './logic';

/** The year's entries by kind of item; each opens its panel (reflection, evidence, changes). */
export function EntryList({ entries, offline }: { entries: CpdEntry[]; offline: boolean }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = entries.find((entry) => entry.id === openId) ?? null;
  return (
    <>
      {groupEntries(entries).map((group) => (
        <section key={group.type} className="ledger-group" aria-labelledby={`ledger-group-${group.type}`}>
          <h3 id={`ledger-group-${group.type}`} className="ledger-group__title">
            {group.title} <span className="ledger-muted">· {formatMinutes(group.minutes)}</span>
          </h3>
          <ul className="ledger-entries">
            {group.entries.map((entry) => (
              <li key={entry.id} className="ledger-entry" data-entry-id={entry.id}>
                <div className="ledger-entry__main">
                  <EntryTitle entry={entry} />
                  <p className="ledger-entry__meta">
                    <span>{entry.provider}</span>
                    <span>{TYPE_LABELS[entry.type]}</span>
                    <span>{dateSpan(entry.firstDate, entry.lastDate)}</span>
                    <span className="ledger-entry__minutes">{formatMinutes(entry.minutes)}</span>
                  </p>
                  {entry.syncedLater || entry.verifiableReady ? (
                    <p className="ledger-entry__badges">
                      {entry.syncedLater ? <Badge tone="amber">Synced later</Badge> : null}
                      {entry.verifiableReady ? <Badge tone="green">Verifiable-ready</Badge> : null}
                    </p>
                  ) : null}
                </div>
                <Button variant="secondary" size="sm" aria-label={`Details: ${entry.title}`} onPress={() => setOpenId(entry.id)}>
                  Details
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {open ? <EntryPanel entry={open} offline={offline} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function EntryTitle({ entry }: { entry: CpdEntry }) {
  const link = itemLink(entry);
  return (
    <h4 className="ledger-entry__title">
      {link ? (
        <Link to={link.to} params={{ id: link.id }}>
          {entry.title}
        </Link>
      ) : (
        entry.title
      )}
    </h4>
  );
}
