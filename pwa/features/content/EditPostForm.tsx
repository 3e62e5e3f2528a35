import { type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../../components/Button';
import { MentionTextArea, useMentionDraft } from './MentionTextArea';
import './edit-history.css';

/**
 * The author's own comment or reply, its words in a box to change: Save hands the new words (mentions
 * stored as the server keeps them) to `onSave`, which sends or queues them; the same words again
 * just close the box.
 */
export function EditPostForm({
  label,
  content,
  authorId,
  isPending,
  onSave,
  onDone,
}: {
  label: string;
  content: string;
  authorId: string | null;
  isPending: boolean;
  onSave: (content: string) => void;
  onDone: () => void;
}) {
  const draft = useMentionDraft(content);
  const isBlank = draft.text.trim() === '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank) return;
    const stored = draft.stored().trim();
    if (stored === content) return onDone();
    onSave(stored);
  };
  return (
    <Form className="form edit-post" onSubmit={onSubmit}>
      <MentionTextArea label={label} draft={draft} authorId={authorId ?? undefined} rows={3} />
      <div className="edit-post__actions">
        <Button type="submit" isDisabled={isBlank} isPending={isPending}>
          {isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
