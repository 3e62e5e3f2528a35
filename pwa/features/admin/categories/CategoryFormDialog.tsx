import { Form } from 'react-aria-components';
import { NewsCategoryCreateInput, NewsCategoryUpdateInput, type NewsCategory } from '../../../../contracts/admin';
import { LIMITS } from '../../../../contracts/constants';
import { Dialog, FormDialogActions } from '../../../components/Dialog';
import { NumberField } from '../../../components/NumberField';
import { TextField } from '../../../components/TextField';
import { bind, useEntityForm, submitLabel, saveThen } from '../../../lib/entityForm';
import { withDisplayOrder } from './displayOrder';
import { NameAndSlugFields } from './NameAndSlugFields';
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
  const { form, formProps } = useEntityForm({
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      icon: category?.icon ?? '',
      color: category?.color ?? LIMITS.defaultCategoryColor,
      displayOrder: category?.displayOrder ?? 0,
    },
    schema: category ? NewsCategoryUpdateInput : NewsCategoryCreateInput,
    toInput: withDisplayOrder,
    ...saveThen(save, onDone),
  });

  const saveLabel = submitLabel('Category', category === null, save.isPending);

  return (
    <Form {...formProps} className="form">
      <NameAndSlugFields form={form} slugHint="Lowercase letters, digits and dashes, e.g. fraud-detection." slugify={slugify} isNew={category === null} />
      <form.Field name="description">
        {(field) => <TextField label="Description (optional)" {...bind(field)} multiline rows={3} />}
      </form.Field>
      <div className="form__row">
        <form.Field name="icon">
          {(field) => <TextField label="Icon (optional)" {...bind(field)} description="An icon name, e.g. shield." />}
        </form.Field>
        <form.Field name="color">
          {(field) => (
            <div className="color-field">
              <TextField label="Color" {...bind(field)} description="A hex colour, e.g. #3B82F6." />
              <span
                className="color-field__swatch"
                aria-hidden="true"
                style={{ backgroundColor: HEX_COLOR.test(field.state.value.trim()) ? field.state.value.trim() : 'transparent' }}
              />
            </div>
          )}
        </form.Field>
        <form.Field name="displayOrder">
          {(field) => <NumberField label="Display Order" step={1} {...bind(field)} />}
        </form.Field>
      </div>
      <FormDialogActions onCancel={onDone} isPending={save.isPending}>
        {saveLabel}
      </FormDialogActions>
    </Form>
  );
}
