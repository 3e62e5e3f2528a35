import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Form, type Key } from 'react-aria-components';
import type { DIFFICULTIES } from '../../../contracts/common';
import type { Resource, ResourceCreateInput } from '../../../contracts/resources';
import { serverFieldErrors } from '../../api/errors';
import {
  createResource,
  resourceQueries,
  updateResource,
  type ResourceCategory,
  type ResourceType,
} from '../../api/resources.queries';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Dialog } from '../../components/Dialog';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { errorToast, toast } from '../../components/Toast';
import { CATEGORY_OPTIONS, DIFFICULTY_OPTIONS, TYPE_OPTIONS } from './labels';

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

function ResourceForm({ resource, onDone }: { resource: Resource | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(resource?.title ?? '');
  const [description, setDescription] = useState(resource?.description ?? '');
  const [type, setType] = useState<Key | null>(resource?.type ?? null);
  const [category, setCategory] = useState<Key | null>(resource?.category ?? null);
  const [url, setUrl] = useState(resource?.url ?? '');
  const [imageUrl, setImageUrl] = useState(resource?.imageUrl ?? '');
  const [duration, setDuration] = useState(resource?.duration ?? '');
  const [difficulty, setDifficulty] = useState<Key | null>(resource?.difficulty ?? null);
  const [rating, setRating] = useState(resource?.rating ?? 0);
  const [ratingCount, setRatingCount] = useState(resource?.ratingCount ?? 0);
  const [downloadCount, setDownloadCount] = useState(resource?.downloadCount ?? 0);
  const [isFree, setIsFree] = useState(resource?.isFree ?? true);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  /*
   * A server error goes as soon as its field is edited. (Left to RAC it would go on blur, and the
   * layout shift under a click on Create/Update would swallow that click.)
   */
  const edit =
    <T,>(name: string, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    };

  const save = useMutation({
    mutationFn: (input: ResourceCreateInput) => (resource ? updateResource(resource.id, input) : createResource(input)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: resourceQueries.all() });
      toast({ title: resource ? 'Resource updated successfully!' : 'Resource created successfully!' });
      onDone();
    },
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      const fallback = resource ? 'Failed to update resource' : 'Failed to create resource';
      errorToast(error, fallback);
    },
  });

  const isComplete = title.trim() !== '' && type !== null && category !== null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete || save.isPending) return;
    setErrors({});
    // Blank optional text goes out as '' and the server stores null (contracts/resources.ts).
    save.mutate({
      title: title.trim(),
      description,
      type: type as ResourceType,
      category: category as ResourceCategory,
      url,
      imageUrl,
      duration,
      difficulty: (difficulty as (typeof DIFFICULTIES)[number] | null) ?? null,
      isFree,
      rating: countOrZero(rating),
      ratingCount: countOrZero(ratingCount),
      downloadCount: countOrZero(downloadCount),
    });
  };

  return (
    <Form className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <TextField name="title" label="Title" value={title} onChange={edit('title', setTitle)} autoFocus />
      <TextField name="description" label="Description" multiline rows={4} value={description} onChange={edit('description', setDescription)} />
      <div className="form__row">
        <Select name="type" label="Type" placeholder="Select type" options={TYPE_OPTIONS} value={type} onChange={edit('type', setType)} />
        <Select
          name="category"
          label="Category"
          placeholder="Select category"
          options={CATEGORY_OPTIONS}
          value={category}
          onChange={edit('category', setCategory)}
        />
      </div>
      <TextField name="url" type="url" label="Resource URL" value={url} onChange={edit('url', setUrl)} placeholder="https://" />
      <TextField name="imageUrl" type="url" label="Image URL" value={imageUrl} onChange={edit('imageUrl', setImageUrl)} placeholder="https://" />
      <div className="form__row">
        <TextField
          name="duration"
          label="Duration (optional)"
          value={duration}
          onChange={edit('duration', setDuration)}
          placeholder="e.g. 60 min, 120 pages"
        />
        <Select
          name="difficulty"
          label="Difficulty"
          placeholder="Select difficulty"
          options={DIFFICULTY_OPTIONS}
          value={difficulty}
          onChange={edit('difficulty', setDifficulty)}
        />
      </div>
      <fieldset className="resource-form__stats">
        <legend>Statistics (Admin Only)</legend>
        <div className="form__row">
          <NumberField
            name="rating"
            label="Star Rating (0-5)"
            minValue={0}
            maxValue={5}
            step={1}
            value={rating}
            onChange={edit('rating', setRating)}
          />
          <NumberField name="ratingCount" label="Rating Count" minValue={0} step={1} value={ratingCount} onChange={edit('ratingCount', setRatingCount)} />
          <NumberField
            name="downloadCount"
            label="Download Count"
            minValue={0}
            step={1}
            value={downloadCount}
            onChange={edit('downloadCount', setDownloadCount)}
          />
        </div>
      </fieldset>
      <Checkbox isSelected={isFree} onChange={setIsFree}>
        This resource is free
      </Checkbox>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={!isComplete} isPending={save.isPending}>
          {resource ? (save.isPending ? 'Updating...' : 'Update Resource') : save.isPending ? 'Creating...' : 'Create Resource'}
        </Button>
      </div>
    </Form>
  );
}
