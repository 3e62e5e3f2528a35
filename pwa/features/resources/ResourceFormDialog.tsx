import { useStore } from '@tanstack/react-form';
import { Form } from 'react-aria-components';
import type { DIFFICULTIES } from '../../../contracts/common';
import { ResourceCreateInput, type Resource } from '../../../contracts/resources';
import type { ResourceCategory, ResourceType } from '../../api/resources';
import { Checkbox } from '../../components/Checkbox';
import { Dialog, FormDialogActions } from '../../components/Dialog';
import { NumberField } from '../../components/NumberField';
import { TextField } from '../../components/TextField';
import { bind, useEntityForm, submitLabel } from '../../lib/entityForm';
import { CATEGORY_OPTIONS, DIFFICULTY_OPTIONS, TYPE_OPTIONS } from './labels';
import { useSaveResource } from './mutations';
import { ChoiceField } from '../../lib/ChoiceField';

type Difficulty = (typeof DIFFICULTIES)[number];

export interface ResourceFormDialogProps {
  /** The resource to edit; null adds a new one. */
  resource: Resource | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** Admins add and edit resources (spec 2, 5). */
export function ResourceFormDialog({ resource, isOpen, onOpenChange }: ResourceFormDialogProps) {
  return (
    <Dialog title={resource ? 'Edit Resource' : 'Add New Resource'} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      {(close) => <ResourceForm resource={resource} onDone={close} />}
    </Dialog>
  );
}

/** Spec 5: a cleared or non-numeric count is sent as 0. */
const countOrZero = (value: number) => (Number.isFinite(value) ? value : 0);

/**
 * What the client checks: the fields Create/Update needs filled. The other fields' rules are left
 * to the server, whose message shows in a toast as well as under the field (spec 5).
 */
const RequiredFields = ResourceCreateInput.pick({ title: true, type: true, category: true });

function ResourceForm({ resource, onDone }: { resource: Resource | null; onDone: () => void }) {
  const save = useSaveResource(resource?.id ?? null);
  const { form, formProps } = useEntityForm({
    defaultValues: {
      title: resource?.title ?? '',
      description: resource?.description ?? '',
      type: resource?.type ?? (null as ResourceType | null),
      category: resource?.category ?? (null as ResourceCategory | null),
      url: resource?.url ?? '',
      imageUrl: resource?.imageUrl ?? '',
      duration: resource?.duration ?? '',
      difficulty: resource?.difficulty ?? (null as Difficulty | null),
      rating: resource?.rating ?? 0,
      ratingCount: resource?.ratingCount ?? 0,
      downloadCount: resource?.downloadCount ?? 0,
      isFree: resource?.isFree ?? true,
    },
    schema: RequiredFields,
    // Blank optional text goes out as '' and the server stores null (contracts/resources.ts).
    onSubmit: async ({ title, type, category }, values) => {
      await save.mutateAsync({
        ...values,
        title,
        type,
        category,
        rating: countOrZero(values.rating),
        ratingCount: countOrZero(values.ratingCount),
        downloadCount: countOrZero(values.downloadCount),
      });
      onDone();
    },
    isHeld: save.isPending,
  });
  // Create/Update stays disabled (so Enter does not submit either) until these are filled.
  const isComplete = useStore(
    form.store,
    ({ values }) => values.title.trim() !== '' && values.type !== null && values.category !== null,
  );

  return (
    <Form {...formProps} className="form">
      <form.Field name="title">{(field) => <TextField label="Title" {...bind(field)} autoFocus />}</form.Field>
      <form.Field name="description">
        {(field) => <TextField label="Description" multiline rows={4} {...bind(field)} />}
      </form.Field>
      <div className="form__row">
        <form.Field name="type">
          {(field) => <ChoiceField label="Type" placeholder="Select type" options={TYPE_OPTIONS} field={field} />}
        </form.Field>
        <form.Field name="category">
          {(field) => <ChoiceField label="Category" placeholder="Select category" options={CATEGORY_OPTIONS} field={field} />}
        </form.Field>
      </div>
      <form.Field name="url">
        {(field) => <TextField type="url" label="Resource URL" {...bind(field)} placeholder="https://" />}
      </form.Field>
      <form.Field name="imageUrl">
        {(field) => <TextField type="url" label="Image URL" {...bind(field)} placeholder="https://" />}
      </form.Field>
      <div className="form__row">
        <form.Field name="duration">
          {(field) => <TextField label="Duration (optional)" {...bind(field)} placeholder="e.g. 60 min, 120 pages" />}
        </form.Field>
        <form.Field name="difficulty">
          {(field) => <ChoiceField label="Difficulty" placeholder="Select difficulty" options={DIFFICULTY_OPTIONS} field={field} />}
        </form.Field>
      </div>
      <fieldset className="resource-form__stats">
        <legend>Statistics (Admin Only)</legend>
        <div className="form__row">
          <form.Field name="rating">
            {(field) => <NumberField label="Star Rating (0-5)" minValue={0} maxValue={5} step={1} {...bind(field)} />}
          </form.Field>
          <form.Field name="ratingCount">
            {(field) => <NumberField label="Rating Count" minValue={0} step={1} {...bind(field)} />}
          </form.Field>
          <form.Field name="downloadCount">
            {(field) => <NumberField label="Download Count" minValue={0} step={1} {...bind(field)} />}
          </form.Field>
        </div>
      </fieldset>
      <form.Field name="isFree">
        {(field) => (
          <Checkbox isSelected={field.state.value} onChange={field.handleChange}>
            This resource is free
          </Checkbox>
        )}
      </form.Field>
      <FormDialogActions onCancel={onDone} isPending={save.isPending} isDisabled={!isComplete}>
        {submitLabel('Resource', resource === null, save.isPending)}
      </FormDialogActions>
    </Form>
  );
}
