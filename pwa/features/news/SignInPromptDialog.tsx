import { Button, LinkButton } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

export interface SignInPromptDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Spec 2: what anonymous visitors get from a card's comment button, and (our choice) from a card's
 * title, because they must sign in to open an article from the list.
 */
export function SignInPromptDialog({ isOpen, onOpenChange }: SignInPromptDialogProps) {
  return (
    <Dialog title="Sign in to leave a message" isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      {(close) => (
        <>
          <p>
            You need to be signed in to post comments on articles. Please sign in or create an account to join the
            conversation.
          </p>
          <div className="dialog__actions">
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
            <LinkButton to="/login">Sign In</LinkButton>
          </div>
        </>
      )}
    </Dialog>
  );
}
