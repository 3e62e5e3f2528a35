import { useStore } from '@tanstack/react-form';
import { Form } from 'react-aria-components';
import { DiscussionCreateInput, type Discussion, type ForumCategory } from '../../../contracts/forums';
import { useRef } from 'react';
import type { ContentStatus } from '../../../contracts/common';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/TextField';
import { bind, useEntityForm, submitLabel, saveThen } from '../../lib/entityForm';
import { useSaveDiscussion } from './mutations';
import { ChoiceField } from '../../lib/ChoiceField';

export interface DiscussionFormDialogProps {
  /** The discussion to edit; null starts a new one. */
  discussion: Discussion | null;
  categories: readonly ForumCategory[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * New and edit discussion (spec 2, 5): Create/Update is enabled only when title, content and category
 * are filled; Save Draft when title and content are (a draft may wait for its category).
 */
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
  const save = useSaveDiscussion(discussion);
  // A new discussion or a draft can be saved as a draft (no category needed) or published; a
  // published one is only updated. Which button was pressed decides the status sent.
  const canDraft = discussion === null || discussion.status === 'draft';
  const intent = useRef<ContentStatus>('published');
  // Create and edit both send all three fields, checked with the create rules (a published one needs its category).
  const { form, formProps } = useEntityForm({
    defaultValues: {
      title: discussion?.title ?? '',
      content: discussion?.content ?? '',
      categoryId: discussion?.categoryId ?? (null as string | null),
    },
    schema: DiscussionCreateInput,
    toInput: (values) => ({ ...values, ...(canDraft ? { status: intent.current } : {}) }),
    ...saveThen(save, onDone),
  });
  const hasWords = useStore(form.store, ({ values }) => values.title.trim() !== '' && values.content.trim() !== '');
  const hasCategory = useStore(form.store, ({ values }) => values.categoryId !== null);
  // Create/Update stays disabled (so Enter does not submit either) until all three are filled. Publishing
  // a draft waits only for its words: pressed without a category, it says so beside the Category field.
  const isComplete = hasWords && (hasCategory || discussion?.status === 'draft');

  let saveLabel = submitLabel('Discussion', discussion === null, save.isPending);
  if (discussion?.status === 'draft') saveLabel = save.isPending ? 'Publishing...' : 'Publish';
  const categoryOptions = categories.map((category) => ({ id: category.id, label: category.name }));

  return (
    <Form
      {...formProps}
      onSubmit={(event) => {
        intent.current = 'published';
        formProps.onSubmit(event);
      }}
      className="form"
    >
      <form.Field name="title">
        {(field) => <TextField label="Title" {...bind(field)} placeholder="What would you like to discuss?" autoFocus />}
      </form.Field>
      <form.Field name="categoryId">
        {(field) => <ChoiceField label="Category" placeholder="Select a category" options={categoryOptions} field={field} />}
      </form.Field>
      <form.Field name="content">
        {(field) => (
          <TextField
            label="Content"
            multiline
            rows={8}
            {...bind(field)}
            placeholder="Share the details, context and what you would like to learn."
          />
        )}
      </form.Field>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={save.isPending}>
          Cancel
        </Button>
        {canDraft ? (
          <Button
            variant="secondary"
            isDisabled={!hasWords || save.isPending}
            onPress={() => {
              intent.current = 'draft';
              void form.handleSubmit();
            }}
          >
            Save Draft
          </Button>
        ) : null}
        <Button type="submit" isPending={save.isPending} isDisabled={!isComplete}>
          {saveLabel}
        </Button>
      </div>
    </Form>
  );
}
