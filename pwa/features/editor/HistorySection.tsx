import { useQuery } from '@tanstack/react-query';
import { diffWords } from 'diff';
import { useState } from 'react';
import type { RevisionSummary } from '../../../contracts/revisions';
import { transcriptText, type Chapter, type TranscriptCue } from '../../../contracts/transcripts';
import { newsCategoryQueries } from '../../api/news';
import { revisionQueries, type RevisionKind } from '../../api/revisions';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { AlertDialog } from '../../components/Dialog';
import { Time } from '../../components/Time';
import { formatClock } from '../../lib/format';
import { LoadFailure } from '../content';
import { useRestoreArticleRevision, useRestorePodcastRevision } from './mutations';

interface Field {
  name: string;
  label: string;
  /** Diffed word by word (otherwise a row of the table). */
  text?: boolean;
  /** How a structured value reads (a transcript's cues as its words, chapters as times and titles). */
  format?: (value: unknown) => string;
}

const listOf = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The fields a revision holds, by input name, with the label the form gives them. */
const FIELDS: Record<RevisionKind, Field[]> = {
  news: [
    { name: 'title', label: 'Title', text: true },
    { name: 'excerpt', label: 'Excerpt', text: true },
    { name: 'content', label: 'Content', text: true },
    { name: 'categoryIds', label: 'Categories' },
    { name: 'category', label: 'Category' },
    { name: 'sourceName', label: 'Source Name' },
    { name: 'sourceUrl', label: 'Source URL' },
    { name: 'imageUrl', label: 'Featured Image' },
  ],
  podcasts: [
    { name: 'title', label: 'Title', text: true },
    { name: 'description', label: 'Description', text: true },
    { name: 'categoryIds', label: 'Categories' },
    { name: 'episodeNumber', label: 'Episode Number' },
    { name: 'audioUrl', label: 'Audio File' },
    { name: 'externalUrl', label: 'External link' },
    { name: 'imageUrl', label: 'Cover Image' },
    { name: 'duration', label: 'Duration (seconds)' },
    { name: 'hostName', label: 'Host Name' },
    { name: 'guestName', label: 'Guest Name' },
    { name: 'guestTitle', label: 'Guest Title' },
    { name: 'transcript', label: 'Transcript', text: true, format: (value) => transcriptText(listOf<TranscriptCue>(value)) },
    { name: 'chapters', label: 'Chapters', format: (value) => listOf<Chapter>(value).map((c) => `${formatClock(c.start)} ${c.title}`).join('; ') },
  ],
};

export interface HistorySectionProps {
  kind: RevisionKind;
  id: string;
  /** The item as it now is (its fields under their input names, as a revision holds them). */
  current: Record<string, unknown>;
  /** After a restore: the edit form starts again from the restored fields. */
  onRestored: () => void;
}

/** "History" on the edit pages: saved versions with who and when, a diff against the current one, and restore. */
export function HistorySection({ kind, id, current, onRestored }: HistorySectionProps) {
  const list = useQuery(revisionQueries.list(kind, id));
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {list.isPending ? (
        <p>Loading versions…</p>
      ) : list.isError ? (
        <LoadFailure error={list.error} title="The history could not be loaded." what="list" level={3} retry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p>No saved versions yet.</p>
      ) : (
        <div className="history__body">
          <ol className="history__list" aria-label="Saved versions, newest first">
            {list.data.map((revision, index) => (
              <li key={revision.id}>
                <Button variant={selected === revision.id ? 'primary' : 'ghost'} size="sm" aria-pressed={selected === revision.id} onPress={() => setSelected(revision.id)}>
                  <RevisionLabel revision={revision} isNewest={index === 0} />
                </Button>
              </li>
            ))}
          </ol>
          {selected ? (
            <RevisionDiff
              key={selected}
              kind={kind}
              id={id}
              revision={list.data.find((r) => r.id === selected)!}
              current={current}
              onRestored={() => {
                setSelected(null);
                onRestored();
              }}
            />
          ) : (
            <p className="history__hint">Select a version to compare it with the current one.</p>
          )}
        </div>
      )}
    </section>
  );
}

function RevisionLabel({ revision, isNewest }: { revision: RevisionSummary; isNewest: boolean }) {
  return (
    <span>
      <Time value={revision.createdAt} show="dayTime" /> · {revision.author.name}
      {isNewest ? ' (latest save)' : null}
    </span>
  );
}

const show = (value: unknown, names: Map<string, string>, format?: Field['format']): string => {
  if (format && value !== null && value !== undefined) return format(value) || '—';
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((v) => names.get(String(v)) ?? String(v)).join(', ') || '—';
  return String(value);
};

function RevisionDiff({ kind, id, revision, current, onRestored }: { kind: RevisionKind; id: string; revision: RevisionSummary; current: Record<string, unknown>; onRestored: () => void }) {
  const detail = useQuery(revisionQueries.one(kind, id, revision.id));
  const categories = useQuery(newsCategoryQueries.list({ activeOnly: false }));
  const names = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
  const restoreArticle = useRestoreArticleRevision(id);
  const restorePodcast = useRestorePodcastRevision(id);
  const restore = kind === 'news' ? restoreArticle : restorePodcast;
  const [isConfirmOpen, setConfirmOpen] = useState(false);

  if (detail.isPending) return <p>Loading this version…</p>;
  if (detail.isError) return <LoadFailure error={detail.error} title="This version could not be loaded." what="list" level={3} retry={() => void detail.refetch()} />;

  const data = detail.data.data;
  const fields = FIELDS[kind];
  const was = (f: Field) => show(data[f.name], names, f.format);
  const now = (f: Field) => show(current[f.name], names, f.format);
  const same = (f: Field) => was(f) === now(f);
  const changedText = fields.filter((f) => f.text && !same(f));
  const others = fields.filter((f) => !f.text);
  return (
    <div className="history__diff">
      <h3>
        Version of <Time value={revision.createdAt} show="dayTime" /> by {revision.author.name}, compared with the current one
      </h3>
      <p className="history__legend">
        <del>Removed</del> words were in this version; <ins>added</ins> words are in the current one.
      </p>
      {changedText.length === 0 ? <p>The text is the same as now.</p> : null}
      {changedText.map((f) => (
        <div key={f.name} className="history__text">
          <h4>{f.label}</h4>
          <p className="history__words">
            {diffWords(was(f), now(f)).map((part, i) =>
              part.added ? <ins key={i}>{part.value}</ins> : part.removed ? <del key={i}>{part.value}</del> : <span key={i}>{part.value}</span>,
            )}
          </p>
        </div>
      ))}
      <DataTable columns={['Field', 'This version', 'Current']}>
        {others.map((f) => (
          <tr key={f.name} role="row" className={same(f) ? undefined : 'history__changed'}>
            <th scope="row" role="rowheader">
              {f.label}
              {same(f) ? null : <span className="visually-hidden"> (changed)</span>}
            </th>
            <td role="cell">{was(f)}</td>
            <td role="cell">{now(f)}</td>
          </tr>
        ))}
      </DataTable>
      <div className="form-actions-row">
        <Button variant="primary" onPress={() => setConfirmOpen(true)} isPending={restore.isPending}>
          Restore this version
        </Button>
      </div>
      <AlertDialog
        title="Restore this version?"
        isOpen={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        actionLabel="Restore"
        pendingLabel="Restoring..."
        variant="primary"
        isPending={restore.isPending}
        onAction={() =>
          restore.mutate(revision.id, {
            onSuccess: () => {
              setConfirmOpen(false);
              onRestored();
            },
            onError: () => setConfirmOpen(false),
          })
        }
      >
        <p>The text and fields of this version replace the current ones. The current version stays in the history.</p>
      </AlertDialog>
    </div>
  );
}
