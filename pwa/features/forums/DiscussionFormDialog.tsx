import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form, type Key } from 'react-aria-components';
import type { Discussion, ForumCategory } from '../../../contracts/forums';
import { invalidateForum, updateDiscussion } from '../../api/forums.queries';
import { serverFieldErrors } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { errorToast, toast } from '../../components/Toast';
import { OUTBOX_MUTATION, QUEUED_TOAST } from '../../outbox/outbox';
import { createDiscussion } from './mutations';

export interface DiscussionFormDialogProps {
  /** The discussion to edit; null starts a new one. */
  discussion: Discussion | null;
  categories: readonly ForumCategory[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** New and edit discussion (spec 2, 5): submit is enabled only when title, content and category are filled. */
export function DiscussionFormDialog({ discussion, categories, isOpen, onOpenChange }: DiscussionFormDialogProps) {
  return (
    <Dialog title={discussion ? 'Edit Discussion' : 'Start a New Discussion'} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      {(close) => <DiscussionForm discussion={discussion} categories={categories} onDone={close} />}
    </Dialog>
  );
}

function DiscussionForm({
  discussion,
  categories,
  onDone,
}: {
  discussion: Discussion | null;
  categories: readonly ForumCategory[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(discussion?.title ?? '');
  const [content, setContent] = useState(discussion?.content ?? '');
  const [categoryId, setCategoryId] = useState<Key | null>(discussion?.categoryId ?? null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // A server error goes as soon as its field is edited (not on blur, which would shift the layout under a click).
  const edit =
    <T,>(name: string, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    };

  const save = useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: async (input: { title: string; content: string; categoryId: string }) =>
      discussion ? { queued: false as const, data: await updateDiscussion(discussion.id, input) } : createDiscussion(input),
    onSuccess: (result) => {
      onDone();
      if (result.queued) return void toast(QUEUED_TOAST);
      // A new discussion went through the outbox engine, which refreshes what it changed.
      if (discussion) void invalidateForum(queryClient, { discussion: discussion.id });
      toast({ title: discussion ? 'Discussion updated successfully!' : 'Discussion created successfully!' });
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      const fallback = discussion ? 'Failed to update discussion' : 'Failed to create discussion';
      errorToast(error, fallback);
    },
  });

  const isComplete = title.trim() !== '' && content.trim() !== '' && categoryId !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete || save.isPending) return;
    setErrors({});
    save.mutate({ title: title.trim(), content: content.trim(), categoryId: String(categoryId) });
  };

  return (
    <Form className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <TextField name="title" label="Title" value={title} onChange={edit('title', setTitle)} placeholder="What would you like to discuss?" autoFocus />
      <Select
        name="categoryId"
        label="Category"
        placeholder="Select a category"
        options={categories.map((category) => ({ id: category.id, label: category.name }))}
        value={categoryId}
        onChange={edit('categoryId', setCategoryId)}
      />
      <TextField
        name="content"
        label="Content"
        multiline
        rows={8}
        value={content}
        onChange={edit('content', setContent)}
        placeholder="Share the details, context and what you would like to learn."
      />
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!isComplete} isPending={save.isPending}>
          {discussion
            ? save.isPending
              ? 'Updating...'
              : 'Update Discussion'
            : save.isPending
              ? 'Creating...'
              : 'Create Discussion'}
        </Button>
      </div>
    </Form>
  );
}
