import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { REPORT_NOTE_MAX, REPORT_REASON_NAMES, REPORT_REASONS, type ReportReason } from '../../../contracts/moderation-constants';
import { reportQueries, type ReportTarget } from '../../api/moderation';
import { Button } from '../../components/Button';
import { Dialog, FormDialogActions } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { FlagIcon } from './FlagIcon';
import { useReport } from './mutations';
import './moderation.css';

/**
 * "Report" on a comment, reply, discussion or member page (signed-in members, never on their own):
 * a dialog with the reason and a note (required for "Something else"). Once reported (here, queued
 * offline, or on another device): "Reported", with no second report offered.
 */
export function ReportButton({ target, noun, compact = false }: { target: ReportTarget; noun: string; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  // What the member reported (one request for every button on the page): a second report is not offered.
  const reported = useQuery({ ...reportQueries.mine(), select: (mine) => mine.some((item) => item.type === target.type && item.id === target.id) }).data;
  if (reported && !open) {
    return (
      <span className="report-done" title={`You reported this ${noun}`}>
        <FlagIcon />
        <span>Reported</span>
      </span>
    );
  }
  return (
    <>
      <Button variant="ghost" size={compact ? 'icon' : 'sm'} aria-label={`Report ${noun}`} onPress={() => setOpen(true)}>
        <FlagIcon />
        {compact ? null : <span>Report</span>}
      </Button>
      <Dialog title={`Report this ${noun}`} isOpen={open} onOpenChange={setOpen}>
        {(close) => <ReportForm target={target} onDone={close} />}
      </Dialog>
    </>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const noteMissing = reason === 'other' && note.trim() === '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!reason || noteMissing) return;
    report.mutate({ target, reason, note: note.trim() || null }, { onSuccess: onDone });
  };
  return (
    <Form onSubmit={onSubmit} className="report-form">
      <RadioGroup
        className="report-form__reasons"
        value={reason}
        onChange={(v) => setReason(v as ReportReason)}
        isRequired
        isInvalid={tried && !reason}
      >
        <Label className="field__label">What is wrong?</Label>
        {REPORT_REASONS.map((r) => (
          <Radio key={r} value={r} className="report-form__reason">
            {REPORT_REASON_NAMES[r]}
          </Radio>
        ))}
        {tried && !reason ? <p className="field__error">Choose a reason</p> : null}
      </RadioGroup>
      <TextField
        label={reason === 'other' ? 'Note for the moderators' : 'Note for the moderators (optional)'}
        multiline
        rows={3}
        maxLength={REPORT_NOTE_MAX}
        value={note}
        onChange={setNote}
        isInvalid={tried && noteMissing}
        errorMessage="Tell the moderators what is wrong"
      />
      <FormDialogActions onCancel={onDone} isPending={report.isPending}>
        Send report
      </FormDialogActions>
    </Form>
  );
}
