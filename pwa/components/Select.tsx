import {
  Button as RACButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as RACSelect,
  SelectValue,
  type Key,
  type SelectProps as RACSelectProps,
} from 'react-aria-components';
import { FieldShell, fieldRootProps, type FieldChromeProps } from './FieldShell';

export interface SelectOption {
  id: Key;
  label: string;
}

export interface SelectProps extends Omit<RACSelectProps<SelectOption>, 'className' | 'children' | 'selectionMode'>, FieldChromeProps {
  options: readonly SelectOption[];
}

/**
 * A single-choice dropdown: `<Select label="Role" options={[{ id: 'admin', label: 'Admin' }]}
 * value={role} onChange={setRole} />`. Works in a RAC `Form` with `name`.
 */
export function Select({ label, options, description, errorMessage, className, ...props }: SelectProps) {
  return (
    <RACSelect {...props} {...fieldRootProps({ isInvalid: props.isInvalid, errorMessage, className }, 'select')}>
      <FieldShell label={label} description={description} errorMessage={errorMessage}>
        <RACButton className="field__input select__button">
          <SelectValue className="select__value" />
          <svg className="select__chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </RACButton>
      </FieldShell>
      <Popover className="popover select__popover">
        <ListBox className="listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="listbox__item" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACSelect>
  );
}
