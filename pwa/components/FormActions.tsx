import type { ReactNode } from 'react';
import { Button } from './Button';

export interface FormActionsProps {
  /** While the save is in flight: the button spins and says `pendingLabel`. */
  isPending: boolean;
  /** The button stays off while the form cannot be sent (offline, say). */
  isDisabled?: boolean;
  /** Default 'Saving...'. */
  pendingLabel?: string;
  /** The submit button's label ('Save settings'). */
  children: ReactNode;
}

/** A form's footer on a page or panel (a dialog's is FormDialogActions): its submit button. */
export function FormActions({ isPending, isDisabled, pendingLabel = 'Saving...', children }: FormActionsProps) {
  return (
    <div className="form__actions">
      <Button type="submit" isPending={isPending} isDisabled={isDisabled}>
        {isPending ? pendingLabel : children}
      </Button>
    </div>
  );
}
