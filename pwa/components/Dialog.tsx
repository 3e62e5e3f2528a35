import type { ReactNode } from 'react';
import {
  Dialog as RACDialog,
  DialogTrigger,
  Heading,
  Modal,
  ModalOverlay,
} from 'react-aria-components';
import { Button } from './Button';

export { DialogTrigger };

interface OverlayStateProps {
  /** Controlled open state. Leave both out when the dialog sits inside a `<DialogTrigger>`. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

export interface DialogProps extends OverlayStateProps {
  title: ReactNode;
  /** Content, or a function receiving `close` (e.g. for a form's Cancel button). */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Close on a click outside (Escape always closes). Default true. */
  isDismissable?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A modal dialog with a title and a close button. Use it inside `<DialogTrigger>` with a trigger
 * `<Button>` as the first child, or controlled with `isOpen`/`onOpenChange`.
 */
export function Dialog({ title, children, isOpen, onOpenChange, isDismissable = true, size = 'md' }: DialogProps) {
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={isDismissable}>
      <Modal className={`modal modal--${size}`}>
        <RACDialog className="dialog">
          {({ close }) => (
            <>
              <div className="dialog__header">
                <Heading slot="title" className="dialog__title">
                  {title}
                </Heading>
                <Button variant="ghost" size="icon" aria-label="Close" onPress={close}>
                  <span aria-hidden="true">×</span>
                </Button>
              </div>
              <div className="dialog__body">{typeof children === 'function' ? children(close) : children}</div>
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface AlertDialogProps extends OverlayStateProps {
  title: ReactNode;
  /** The question or warning. */
  children: ReactNode;
  /** The confirming button's text, e.g. 'Delete'. */
  actionLabel: string;
  /** Shown on the action button while `isPending`, e.g. 'Deleting...'. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** Called on the action button with the dialog's `close`: call it (or set isOpen false) when done. */
  onAction: (close: () => void) => void;
  isPending?: boolean;
  /** Style of the action button; default 'destructive'. */
  variant?: 'destructive' | 'primary';
  /** The action stays disabled until the dialog's own input allows it (e.g. a typed name). */
  isActionDisabled?: boolean;
}

/**
 * A confirmation (role alertdialog): message, Cancel and one action. Not dismissable by an outside
 * click, so a stray click never confirms or cancels by accident; Escape cancels.
 */
export function AlertDialog({
  title,
  children,
  actionLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  onAction,
  isPending = false,
  variant = 'destructive',
  isOpen,
  onOpenChange,
  isActionDisabled = false,
}: AlertDialogProps) {
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isKeyboardDismissDisabled={isPending}>
      <Modal className="modal modal--sm">
        <RACDialog role="alertdialog" className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="dialog__title">
                {title}
              </Heading>
              <div className="dialog__body">{children}</div>
              <div className="dialog__actions">
                <Button variant="secondary" onPress={close} isDisabled={isPending}>
                  {cancelLabel}
                </Button>
                <Button variant={variant} onPress={() => onAction(close)} isPending={isPending} isDisabled={isActionDisabled} autoFocus={!isActionDisabled}>
                  {isPending && pendingLabel ? pendingLabel : actionLabel}
                </Button>
              </div>
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface DeleteDialogProps extends Omit<AlertDialogProps, 'actionLabel' | 'pendingLabel' | 'variant'> {
  /** Default 'Delete'; name what goes when the title alone does not ('Delete ledger'). */
  actionLabel?: string;
}

/** The confirmation before a deletion: one wording of its action and its pending state everywhere. */
export function DeleteDialog({ actionLabel = 'Delete', ...props }: DeleteDialogProps) {
  return <AlertDialog {...props} actionLabel={actionLabel} pendingLabel="Deleting..." />;
}

export interface FormDialogActionsProps {
  /** Closes the dialog without saving. */
  onCancel: () => void;
  /** While the save is in flight: the submit button spins, Cancel waits for it. */
  isPending: boolean;
  /** The submit button stays off (Enter does nothing either) until the form can be sent. */
  isDisabled?: boolean;
  /** The submit button's label ('Create Show', 'Updating...'). */
  children: ReactNode;
}

/** A form dialog's footer: Cancel and the form's submit button. */
export function FormDialogActions({ onCancel, isPending, isDisabled, children }: FormDialogActionsProps) {
  return (
    <div className="dialog__actions">
      <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
        Cancel
      </Button>
      <Button type="submit" isPending={isPending} isDisabled={isDisabled}>
        {children}
      </Button>
    </div>
  );
}
