import type { ReactNode } from 'react';
import { CheckboxGroup as RACCheckboxGroup, type CheckboxGroupProps as RACCheckboxGroupProps } from 'react-aria-components';
import { FieldShell, fieldRootProps, type FieldChromeProps } from './FieldShell';

export interface CheckboxGroupProps extends Omit<RACCheckboxGroupProps, 'className' | 'children'>, FieldChromeProps {
  /** `<Checkbox value="…">` items. */
  children: ReactNode;
}

/**
 * A labelled multi-select of checkboxes, e.g. an item's categories:
 * `<CheckboxGroup label="Categories" name="categoryIds" value={ids} onChange={setIds}>
 *    <Checkbox value={category.id}>{category.name}</Checkbox>…</CheckboxGroup>`.
 */
export function CheckboxGroup({ label, description, errorMessage, children, className, ...props }: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup {...props} {...fieldRootProps({ isInvalid: props.isInvalid, errorMessage, className }, 'checkbox-group')}>
      <FieldShell label={label} description={description} errorMessage={errorMessage}>
        <div className="checkbox-group__items">{children}</div>
      </FieldShell>
    </RACCheckboxGroup>
  );
}
