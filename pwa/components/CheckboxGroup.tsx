import type { ReactNode } from 'react';
import {
  CheckboxGroup as RACCheckboxGroup,
  FieldError,
  Label,
  Text,
  type CheckboxGroupProps as RACCheckboxGroupProps,
} from 'react-aria-components';

export interface CheckboxGroupProps extends Omit<RACCheckboxGroupProps, 'className' | 'children'> {
  label: ReactNode;
  description?: ReactNode;
  /** An error under the group; a surrounding RAC `Form`'s `validationErrors[name]` shows here too. */
  errorMessage?: string;
  /** `<Checkbox value="…">` items. */
  children: ReactNode;
  className?: string;
}

/**
 * A labelled multi-select of checkboxes, e.g. an item's categories:
 * `<CheckboxGroup label="Categories" name="categoryIds" value={ids} onChange={setIds}>
 *    <Checkbox value={category.id}>{category.name}</Checkbox>…</CheckboxGroup>`.
 */
export function CheckboxGroup({ label, description, errorMessage, children, className, ...props }: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup
      {...props}
      isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)}
      className={['field', 'checkbox-group', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <div className="checkbox-group__items">{children}</div>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </RACCheckboxGroup>
  );
}
