import { useStore } from '@tanstack/react-form';
import { Form } from 'react-aria-components';
import { DiscussionCreateInput, type Discussion, type ForumCategory } from '../../../contracts/forums';
import { Dialog, FormDialogActions } from '../../components/Dialog';
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
  const save = useSaveDiscussion(discussion);
  // Create and edit both send all three fields, checked with the create rules.
  const { form, formProps } = useEntityForm({
    defaultValues: {
      title: discussion?.title ?? '',
      content: discussion?.content ?? '',
      categoryId: discussion?.categoryId ?? (null as string | null),
    },
    schema: DiscussionCreateInput,
    ...saveThen(save, onDone),
  });
  // Create/Update stays disabled (so Enter does not submit either) until all three are filled.
  const isComplete = useStore(
    form.store,
    ({ values }) => values.title.trim() !== '' && values.content.trim() !== '' && values.categoryId !== null,
  );

  const saveLabel = submitLabel('Discussion', discussion === null, save.isPending);
  const categoryOptions = categories.map((category) => ({ id: category.id, label: category.name }));

  return (
    <Form {...formProps} className="form">
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
      <FormDialogActions onCancel={onDone} isPending={save.isPending} isDisabled={!isComplete}>
        {saveLabel}
      </FormDialogActions>
    </Form>
  );
}
