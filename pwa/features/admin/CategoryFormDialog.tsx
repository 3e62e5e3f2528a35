import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { NewsCategoryCreateInput, NewsCategoryUpdateInput, type NewsCategory } from '../../../contracts/admin';
import { LIMITS } from '../../../contracts/constants';
import { serverFieldErrors } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { NumberField } from '../../components/NumberField';
import { TextField } from '../../components/TextField';
import { useFieldErrors, validateWith } from '../../lib/formErrors';
import { useSaveCategory } from './categoryMutations';

export interface CategoryFormDialogProps {
  /** The category to edit; null adds one. */
  category: NewsCategory | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export function CategoryFormDialog({ category, isOpen, onOpenChange }: CategoryFormDialogProps) {
  return (
    <Dialog title={category ? 'Edit Category' : 'Add Category'} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={false}>
      {(close) => <CategoryForm category={category} onDone={close} />}
    </Dialog>
  );
}

/** 'Fraud Detection' → 'fraud-detection' (the slug pattern of contracts/admin.ts). */
function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function CategoryForm({ category, onDone }: { category: NewsCategory | null; onDone: () => void }) {
  const save = useSaveCategory(category?.id ?? null);
  const { errors, setErrors, edit } = useFieldErrors();
  const [name, setName] = useState(category?.name ?? '');
  const [slug, setSlug] = useState(category?.slug ?? '');
  // A new category's slug follows its name until the slug is edited by hand.
  const [isSlugEdited, setSlugEdited] = useState(category !== null);
  const [description, setDescription] = useState(category?.description ?? '');
  const [icon, setIcon] = useState(category?.icon ?? '');
  const [color, setColor] = useState(category?.color ?? LIMITS.defaultCategoryColor);
  const [displayOrder, setDisplayOrder] = useState(category?.displayOrder ?? 0);

  const onNameChange = edit('name', (value: string) => {
    setName(value);
    if (!isSlugEdited) setSlug(slugify(value));
  });
  const onSlugChange = edit('slug', (value: string) => {
    setSlug(value);
    setSlugEdited(true);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    // Spec 5: display order is a number, 0 when left empty.
    const fields = { name, slug, description, icon, color, displayOrder: Number.isFinite(displayOrder) ? displayOrder : 0 };
    const result = category ? validateWith(NewsCategoryUpdateInput, fields) : validateWith(NewsCategoryCreateInput, fields);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.data, {
      onSuccess: onDone,
      onError: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  let submitLabel = category ? 'Update Category' : 'Create Category';
  if (save.isPending) submitLabel = category ? 'Updating...' : 'Creating...';

  return (
    <Form className="form" validationBehavior="aria" validationErrors={errors} onSubmit={onSubmit}>
      <TextField label="Name" name="name" value={name} onChange={onNameChange} isRequired autoFocus />
      <TextField
        label="Slug"
        name="slug"
        value={slug}
        onChange={onSlugChange}
        isRequired
        description="Lowercase letters, digits and dashes, e.g. fraud-detection."
      />
      <TextField
        label="Description (optional)"
        name="description"
        value={description}
        onChange={edit('description', setDescription)}
        multiline
        rows={3}
      />
      <div className="form__row">
        <TextField
          label="Icon (optional)"
          name="icon"
          value={icon}
          onChange={edit('icon', setIcon)}
          description="An icon name, e.g. shield."
        />
        <div className="color-field">
          <TextField label="Color" name="color" value={color} onChange={edit('color', setColor)} description="A hex colour, e.g. #3B82F6." />
          <span
            className="color-field__swatch"
            aria-hidden="true"
            style={{ backgroundColor: HEX_COLOR.test(color.trim()) ? color.trim() : 'transparent' }}
          />
        </div>
        <NumberField
          label="Display Order"
          name="displayOrder"
          step={1}
          value={displayOrder}
          onChange={edit('displayOrder', setDisplayOrder)}
        />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onDone} isDisabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" isPending={save.isPending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
