import { useState } from 'react';
import type { CpdSettings } from '../../../contracts/cpd';
import { Button } from '../../components/Button';
import { DeleteDialog, DialogTrigger } from '../../components/Dialog';
import { Switch } from '../../components/Switch';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useDeleteCpdLedger, useSaveCpdSettings } from './mutations';

/** What the member types to delete the whole ledger: a slip of the hand cannot. */
export const DELETE_LEDGER_WORD = 'DELETE';

/** Pause tracking: saved at once; while paused nothing is measured and the server refuses time. */
export function PauseTracking({ settings, offline }: { settings: CpdSettings; offline: boolean }) {
  const save = useSaveCpdSettings();
  const { verifiableHours: _verifiable, ...input } = settings;
  return (
    <Switch
      isSelected={save.isPending ? !settings.trackingPaused : settings.trackingPaused}
      isDisabled={offline || save.isPending}
      onChange={(paused) =>
        save.mutate(
          { ...input, targetHours: settings.body === 'other' ? settings.targetHours : undefined, trackingPaused: paused },
          { onSuccess: () => toast({ title: paused ? 'Tracking paused' : 'Tracking resumed' }) },
        )
      }
    >
      Pause tracking
    </Switch>
  );
}

/** Delete my whole ledger: entries, reflections, revisions and settings, after the typed word. */
export function DeleteLedger({ offline }: { offline: boolean }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteCpdLedger();
  return (
    // Closing forgets the typed word: the next opening asks for it again.
    <DialogTrigger onOpenChange={(open) => !open && setTyped('')}>
      <Button variant="destructive" size="sm" isDisabled={offline}>
        Delete my whole ledger
      </Button>
      <DeleteDialog
        title="Delete your whole ledger?"
        actionLabel="Delete ledger"
        isPending={remove.isPending}
        isActionDisabled={typed !== DELETE_LEDGER_WORD}
        onAction={(close) => remove.mutate(undefined, { onSuccess: close })}
      >
        <p>
          Every entry, reflection, certificate link and change, every year, and your settings are deleted; verification links stop working. This
          cannot be undone.
        </p>
        <TextField label={`Type ${DELETE_LEDGER_WORD} to confirm`} value={typed} onChange={setTyped} autoComplete="off" />
      </DeleteDialog>
    </DialogTrigger>
  );
}
