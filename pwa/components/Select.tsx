import type { ReactNode } from 'react';
import {
  Button as RACButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as RACSelect,
  SelectValue,
  Text,
  type Key,
  type SelectProps as RACSelectProps,
} from 'react-aria-components';

export interface SelectOption {
  id: Key;
  label: string;
}

export interface SelectProps extends Omit<RACSelectProps<SelectOption>, 'className' | 'children' | 'selectionMode'> {
  label: ReactNode;
  options: readonly SelectOption[];
  description?: ReactNode;
  errorMessage?: string;
  className?: string;
}

/**
 * A single-choice dropdown: `<Select label="Role" options={[{ id: 'admin', label: 'Admin' }]}
 * value={role} onChange={setRole} />`. Works in a RAC `Form` with `name`.
 */
export function Select({ label, options, description, errorMessage, className, ...props }: SelectProps) {
  return (
    <RACSelect
      {...props}
      isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)}
      className={['field', 'select', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <RACButton className="field__input select__button">
        <SelectValue className="select__value" />
        <svg className="select__chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </RACButton>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
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
