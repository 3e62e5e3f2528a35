import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import { CpdEntryPatch, type CpdEntry } from '../../../contracts/cpd';
import { cpdQueries } from '../../api/cpd';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { FormActions } from '../../components/FormActions';
import { DeleteDialog, Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { bind, useEntityForm } from '../../lib/entityForm';
import { formatDateTime } from '../../lib/format';
import { useDeleteCpdEntry, useUpdateCpdEntry } from './mutations';
import { dateSpan, formatMinutes, objectiveLines, revisionChanges, TYPE_LABELS } from './logic';

/** The three questions, in the bodies' own words (ACCA's verifiable CPD; ICAEW's record's columns). */
export const REFLECTION_QUESTIONS = {
  developmentNeed: 'Why did I choose this? Which development need does it meet?',
  learning: 'What did I learn?',
  application: 'How will I apply it?',
} as const;

/** The verification link, whole: the server may answer it as a path on this site. */
export const absoluteUrl = (url: string) => (url.startsWith('/') && typeof location !== 'undefined' ? `${location.origin}${url}` : url);

/** One entry's panel: the reflection, the item's objectives, the verification link, its changes, Delete. */
export function EntryPanel({ entry, offline, onClose }: { entry: CpdEntry; offline: boolean; onClose: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCpdEntry();
  const objectives = objectiveLines(entry.objectives);
  const link = absoluteUrl(entry.verificationUrl);
  const deleteEntry = (close: () => void) =>
    remove.mutate(entry.id, {
      onSuccess: () => {
        close();
        onClose();
      },
    });
  return (
    <>
      <Dialog title={entry.title} isOpen={!confirming} onOpenChange={(open) => (open ? null : onClose())} size="lg">
        <div className="ledger-panel">
          <p className="ledger-entry__meta">
            <span>{entry.provider}</span>
            <span>{TYPE_LABELS[entry.type]}</span>
            <span>{dateSpan(entry.firstDate, entry.lastDate)}</span>
            <span>{formatMinutes(entry.minutes)}</span>
          </p>
          <p className="ledger-entry__badges">
            {entry.syncedLater ? <Badge tone="amber">Synced later</Badge> : null}
            {entry.verifiableReady ? (
              <Badge tone="green">Verifiable-ready</Badge>
            ) : (
              <span className="ledger-muted">Answer all three questions to make this entry verifiable-ready.</span>
            )}
          </p>
          {entry.certificateUrl ? (
            <p>
              <a href={entry.certificateUrl} target="_blank" rel="noopener">
                Certificate
              </a>
            </p>
          ) : null}
          {objectives.length > 0 ? (
            <section aria-labelledby="panel-objectives">
              <h3 id="panel-objectives">Learning objectives</h3>
              <ul className="ledger-objectives">
                {objectives.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </section>
          ) : null}
          <ReflectionForm key={entry.updatedAt} entry={entry} offline={offline} />
          <section aria-labelledby="panel-verification">
            <h3 id="panel-verification">Verification link</h3>
            <p className="ledger-muted">Anyone with this link sees this entry, your name and nothing else about you.</p>
            <div className="ledger-verify-link">
              <a href={link} className="ledger-verify-link__url">
                {link}
              </a>
              <Button
                variant="secondary"
                size="sm"
                onPress={() =>
                  void navigator.clipboard.writeText(link).then(
                    () => toast({ title: 'Link copied' }),
                    () => toast({ title: 'The link could not be copied', description: 'Select it and copy it yourself.', variant: 'destructive' }),
                  )
                }
              >
                Copy link
              </Button>
            </div>
          </section>
          <Changes entryId={entry.id} />
          <div className="ledger-panel__delete">
            <Button variant="destructive" size="sm" isDisabled={offline} onPress={() => setConfirming(true)}>
              Delete entry
            </Button>
          </div>
        </div>
      </Dialog>
      {/* In the panel's place while it asks: Cancel brings the panel back. */}
      <DeleteDialog title="Delete this entry?" isOpen={confirming} onOpenChange={setConfirming} isPending={remove.isPending} onAction={deleteEntry}>
        "{entry.title}" and its reflection, history and verification link are deleted. Its link stops working. This cannot be undone.
      </DeleteDialog>
    </>
  );
}

function ReflectionForm({ entry, offline }: { entry: CpdEntry; offline: boolean }) {
  const save = useUpdateCpdEntry(entry.id);
  const { form, formProps } = useEntityForm({
    defaultValues: {
      developmentNeed: entry.developmentNeed ?? '',
      learning: entry.learning ?? '',
      application: entry.application ?? '',
    },
    schema: CpdEntryPatch,
    onSubmit: (input) => save.mutateAsync(input),
    isHeld: save.isPending,
  });
  return (
    <Form {...formProps} className="form ledger-reflection" aria-labelledby="panel-reflection">
      <h3 id="panel-reflection">Reflection</h3>
      <form.Field name="developmentNeed">{(field) => <TextField label={REFLECTION_QUESTIONS.developmentNeed} {...bind(field)} multiline rows={3} />}</form.Field>
      <form.Field name="learning">{(field) => <TextField label={REFLECTION_QUESTIONS.learning} {...bind(field)} multiline rows={3} />}</form.Field>
      <form.Field name="application">{(field) => <TextField label={REFLECTION_QUESTIONS.application} {...bind(field)} multiline rows={3} />}</form.Field>
      <FormActions isPending={save.isPending} isDisabled={offline}>
        Save reflection
      </FormActions>
    </Form>
  );
}

/** Every change to the entry, newest first: nothing in a ledger changes silently. */
function Changes({ entryId }: { entryId: string }) {
  const detail = useQuery(cpdQueries.entry(entryId));
  const revisions = detail.data?.revisions ?? [];
  return (
    <section aria-labelledby="panel-changes">
      <h3 id="panel-changes">Changes</h3>
      {detail.isPending ? (
        <p className="ledger-muted" role="status">
          Loading changes...
        </p>
      ) : detail.isError ? (
        <p className="ledger-muted">The changes could not be loaded.</p>
      ) : revisions.length === 0 ? (
        <p className="ledger-muted">No changes since this entry began.</p>
      ) : (
        <ol className="ledger-changes">
          {revisions.map((revision) => (
            <li key={revision.id}>
              <p className="ledger-changes__when">{formatDateTime(revision.changedAt)}</p>
              <ul>
                {revisionChanges(revision).map((change) => (
                  <li key={change.field}>
                    <strong>{change.field}</strong>: {change.before} → {change.after}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
