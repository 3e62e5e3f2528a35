import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RebuildCounts, SeedDatabaseResponse } from '../../../../contracts/admin';
import { rebuildQueries } from '../../../api/admin';
import { Button } from '../../../components/Button';
import { AlertDialog } from '../../../components/Dialog';
import { TextField } from '../../../components/TextField';
import { serverMessage } from '../../../lib/errors';
import { useRebuildDatabase } from '../site/siteMutations';

/** The preview's counts as the dialog lists them, in the order a reader scans the site. */
const COUNT_LABELS: Array<[keyof RebuildCounts, string, string]> = [
  ['articles', 'article', 'articles'],
  ['episodes', 'podcast episode', 'podcast episodes'],
  ['shows', 'podcast show', 'podcast shows'],
  ['resources', 'resource', 'resources'],
  ['discussions', 'forum discussion', 'forum discussions'],
  ['replies', 'forum reply', 'forum replies'],
  ['comments', 'comment', 'comments'],
  ['members', 'member account (not admins)', 'member accounts (not admins)'],
];

/**
 * 'Rebuild DB' (spec 2, admins): replaces the content with fresh sample data. The dialog says what
 * would be deleted (asked from the server when it opens) and enables the action only once the
 * site's name is typed exactly; the server writes a backup first and the result names it.
 * Outlined in the danger colour, in the control panel's Danger zone.
 */
export function RebuildDatabaseButton() {
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<SeedDatabaseResponse | null>(null);
  const preview = useQuery({ ...rebuildQueries.preview(), enabled: isConfirmOpen });
  const rebuild = useRebuildDatabase((answer) => {
    setConfirmOpen(false);
    setTyped('');
    setResult(answer);
  });
  const siteName = preview.data?.siteName;
  const matches = siteName !== undefined && typed.trim() === siteName.trim();

  return (
    <>
      <Button
        variant="secondary"
        className="btn--danger-outline"
        onPress={() => {
          setResult(null);
          setConfirmOpen(true);
        }}
        isPending={rebuild.isPending}
      >
        {rebuild.isPending ? 'Rebuilding...' : 'Rebuild DB'}
      </Button>
      {result?.backup ? (
        <p className="admin-note rebuild-result" role="status">
          The database was rebuilt. A backup of the data before it was written first: <strong>{result.backup}</strong> (in the
          server’s <code>backups</code> folder; <code>npm run restore</code> brings it back).
        </p>
      ) : null}
      <AlertDialog
        title="Rebuild the database?"
        isOpen={isConfirmOpen}
        onOpenChange={(open) => {
          setConfirmOpen(open);
          if (!open) setTyped('');
        }}
        actionLabel="Rebuild Database"
        pendingLabel="Rebuilding..."
        isPending={rebuild.isPending}
        isActionDisabled={!matches}
        onAction={() => rebuild.mutate(typed)}
      >
        <p>
          All existing articles, podcasts, resources, forums and community members will be deleted and fresh sample data
          added. Admin accounts are preserved. A backup is written first.
        </p>
        {preview.isPending ? (
          <p role="status">Counting what would be deleted…</p>
        ) : preview.isError ? (
          <p className="field__error" role="alert">
            {serverMessage(preview.error, 'What would be deleted could not be counted.')}
          </p>
        ) : (
          <>
            <p id="rebuild-counts-title">This deletes:</p>
            <ul className="rebuild-counts" aria-labelledby="rebuild-counts-title">
              {COUNT_LABELS.map(([key, one, many]) => (
                <li key={key}>
                  <strong>{preview.data.counts[key]}</strong> {preview.data.counts[key] === 1 ? one : many}
                </li>
              ))}
            </ul>
            <TextField
              label={`Type the site’s name, ${preview.data.siteName}, to confirm`}
              value={typed}
              onChange={setTyped}
              autoFocus
              autoComplete="off"
            />
          </>
        )}
        <p>This cannot be undone.</p>
      </AlertDialog>
    </>
  );
}
