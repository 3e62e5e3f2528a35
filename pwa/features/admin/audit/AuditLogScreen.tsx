import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { AuditEntry } from '../../../../contracts/audit';
import { auditQueries } from '../../../api/audit';
import { userQueries } from '../../../api/users';
import { Button } from '../../../components/Button';
import { DataTable } from '../../../components/DataTable';
import { EmptyState } from '../../../components/EmptyState';
import { Select, type SelectOption } from '../../../components/Select';
import { TextField } from '../../../components/TextField';
import { Time } from '../../../components/Time';
import { useClock } from '../../../lib/clock';
import { formatDateTime, fullName } from '../../../lib/format';
import { LoadFailure } from '../../content';
import { LoadMore } from '../../content';
import { AdminPage } from '../AdminPage';
import { TableSkeleton } from '../TableSkeleton';
import { auditFiltersOf } from './filters';
import type { AuditSearch } from './searchParams';
import { ACTION_OPTIONS, actionVerb, changesOf, changeText } from './words';
import './audit.css';

const route = getRouteApi('/authenticated/admin/audit');

/** /admin/audit: who changed members, content and settings, and when (admins). */
export function AuditLogScreen() {
  return (
    <AdminPage
      title="Audit log"
      description="Who changed members, content and settings, what changed and when."
      allow="admin"
      showBackLink
    >
      <AuditLog />
    </AdminPage>
  );
}

function AuditLog() {
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const filters = useMemo(() => auditFiltersOf(search), [search]);
  const setFilter = (key: keyof AuditSearch, value: string | undefined) =>
    void navigate({ search: (prev) => ({ ...prev, [key]: value || undefined }), replace: true, resetScroll: false });
  const filtered = Object.keys(filters).length > 0;

  const list = useInfiniteQuery(auditQueries.list(filters));
  const entries = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <div className="admin-filters audit-filters">
        <Select
          label="Action"
          options={ACTION_OPTIONS}
          value={filters.action ?? 'all'}
          onChange={(key) => setFilter('action', key === 'all' || key === null ? undefined : String(key))}
        />
        <ActorSelect value={filters.actor} onChange={(actor) => setFilter('actor', actor)} />
        <TextField label="From" type="date" value={filters.from ?? ''} onChange={(value) => setFilter('from', value)} />
        <TextField label="To" type="date" value={filters.to ?? ''} onChange={(value) => setFilter('to', value)} />
      </div>
      <section className="admin-card" aria-labelledby="audit-entries-title" aria-busy={list.isFetching || undefined}>
        <div className="audit-heading">
          <h2 id="audit-entries-title">Entries</h2>
          {filtered ? (
            <Button variant="secondary" size="sm" onPress={() => void navigate({ search: {}, replace: true, resetScroll: false })}>
              Clear filters
            </Button>
          ) : null}
        </div>
        {list.isPending ? (
          <TableSkeleton label="Loading the audit log" />
        ) : list.isError && !entries.length ? (
          <LoadFailure what="admin" error={list.error} title="The audit log could not be loaded." retry={() => void list.refetch()} />
        ) : entries.length === 0 ? (
          <EmptyState
            title={filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
            description={filtered ? 'Try another action, person or dates.' : 'Changes to members, content and settings will be listed here.'}
          />
        ) : (
          <>
            <DataTable columns={['Time', 'Who', 'Action', 'Target', 'Changes']}>
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </DataTable>
            <LoadMore list={list} label="Load more" what="entries" />
          </>
        )}
      </section>
    </>
  );
}

/** "Done by": anyone, or one of the admins and editors (the people whose changes are recorded). */
function ActorSelect({ value, onChange }: { value: string | undefined; onChange: (actor: string | undefined) => void }) {
  const users = useQuery(userQueries.adminList());
  const options: SelectOption[] = useMemo(() => {
    const staff = (users.data ?? [])
      .filter((user) => user.role === 'admin' || user.role === 'editor')
      .map((user) => ({ id: user.id, label: fullName(user, user.email) }))
      .sort((a, b) => a.label.localeCompare(b.label));
    // A link may name someone who is no longer staff (or no longer exists): still selectable.
    const named = value && !staff.some((o) => o.id === value) ? [{ id: value, label: 'The selected member' }] : [];
    return [{ id: 'anyone', label: 'Anyone' }, ...named, ...staff];
  }, [users.data, value]);
  return (
    <Select
      label="Done by"
      options={options}
      value={value ?? 'anyone'}
      onChange={(key) => onChange(key === 'anyone' || key === null ? undefined : String(key))}
    />
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const clock = useClock();
  const changes = changesOf(entry);
  return (
    <tr role="row">
      <th scope="row" role="rowheader" className="audit-time">
        <span title={formatDateTime(entry.createdAt, clock.timeZone)}>
          <Time value={entry.createdAt} show="relative" />
        </span>
      </th>
      <td role="cell" data-label="Who">
        {entry.actor.name}
      </td>
      <td role="cell" data-label="Action">
        {actionVerb(entry.action)}
      </td>
      <td role="cell" data-label="Target">
        <AuditTarget target={entry.target} />
      </td>
      <td role="cell" data-label="Changes">
        {changes.length ? (
          <ul className="inline-list inline-list--tight" aria-label="Changes">
            {changes.map((change) => (
              <li key={change.field} className="audit-chip">
                {changeText(change)}
              </li>
            ))}
          </ul>
        ) : (
          <span className="audit-none">—</span>
        )}
      </td>
    </tr>
  );
}

/** The target's name, linked to its page while it still exists (members, articles, episodes, discussions). */
function AuditTarget({ target }: { target: AuditEntry['target'] }) {
  const label = target.label ?? (target.type === 'site' ? 'the whole site' : target.id ?? '');
  const id = target.id;
  if (!target.exists || !id) return <>{label}</>;
  switch (target.type) {
    case 'user':
      return <Link to="/members/$id" params={{ id }}>{label}</Link>;
    case 'article':
      return <Link to="/news/$id" params={{ id }}>{label}</Link>;
    case 'episode':
      return <Link to="/podcasts/$id" params={{ id }}>{label}</Link>;
    case 'discussion':
      return <Link to="/forums/$id" params={{ id }}>{label}</Link>;
    default:
      return <>{label}</>;
  }
}
