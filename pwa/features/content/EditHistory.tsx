import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { editQueries } from '../../api/edits';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Time } from '../../components/Time';
import { fullName } from '../../lib/format';
import { serverMessage } from '../../lib/errors';
import { useViewer } from '../../session/viewer';
import { PENDING_SYNC } from '../../outbox/OutboxNotice';
import './edit-history.css';

/**
 * The "Edited" mark of a comment, reply or discussion its author changed (or 'Pending sync' while the
 * change waits in the outbox), with the moderators' History beside it.
 */
export function EditedMark({
  editedAt,
  isQueued,
  historyPath,
  noun,
}: {
  editedAt: string | null;
  isQueued: boolean;
  /** The post's API path: its history is `{historyPath}/edits`. */
  historyPath: string;
  noun: string;
}) {
  if (isQueued) {
    return (
      <p className="post-edited">
        Edited · <span className="outbox-badge">{PENDING_SYNC}</span>
      </p>
    );
  }
  return editedAt ? (
    <p className="post-edited">
      Edited <Time value={editedAt} show="relative" />
      <EditHistoryButton postPath={historyPath} noun={noun} />
    </p>
  ) : null;
}

/**
 * "History" beside an edited comment's, reply's or discussion's mark, for moderators only (the
 * server refuses everyone else): the words as they were before each change, who changed them and when.
 */
function EditHistoryButton({ postPath, noun }: { postPath: string; noun: string }) {
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (!viewer.isEditor) return null;
  return (
    <>
      <Button variant="ghost" size="sm" className="edit-history__open" aria-label={`Edit history of this ${noun}`} onPress={() => setOpen(true)}>
        History
      </Button>
      <Dialog title="Edit history" isOpen={open} onOpenChange={setOpen}>
        <EditHistoryList postPath={postPath} />
      </Dialog>
    </>
  );
}

function EditHistoryList({ postPath }: { postPath: string }) {
  const history = useQuery(editQueries.history(postPath));
  if (history.isPending) return <p role="status">Loading the history...</p>;
  if (history.isError) return <p role="alert">{serverMessage(history.error, 'The history could not be loaded.')}</p>;
  if (!history.data.length) return <p>No earlier versions.</p>;
  // Newest change first: the version a moderator most often wants is the one just replaced.
  const edits = [...history.data].reverse();
  return (
    <ol className="edit-history" aria-label="Earlier versions">
      {edits.map((edit) => (
        <li key={edit.id} className="edit-history__item">
          <p className="post-meta">
            Replaced <Time value={edit.createdAt} show="dayTime" /> by {edit.editor ? fullName(edit.editor) : 'a deleted account'}
          </p>
          {edit.previousTitle !== null ? <p className="edit-history__title">{edit.previousTitle}</p> : null}
          <p className="edit-history__content">{edit.previousContent}</p>
        </li>
      ))}
    </ol>
  );
}
