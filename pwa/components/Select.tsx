import {
  Button as RACButton,
  Header,
  ListBox,
  ListBoxItem,
  ListBoxSection,
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
  /** A heading the option is listed under; consecutive options with the same group form one section. */
  group?: string;
}

/** Consecutive options with the same group, in order (options without one form unnamed runs). */
function sectionsOf(options: readonly SelectOption[]): Array<{ id: string; title?: string; options: SelectOption[] }> {
  const sections: Array<{ id: string; title?: string; options: SelectOption[] }> = [];
  for (const option of options) {
    const last = sections[sections.length - 1];
    if (last && last.title === option.group) last.options.push(option);
    else sections.push({ id: `section-${sections.length}`, title: option.group, options: [option] });
  }
  return sections;
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
        {options.some((option) => option.group) ? (
          <ListBox className="listbox" items={sectionsOf(options)}>
            {(section) => (
              <ListBoxSection id={section.id} className="listbox__section">
                {section.title ? <Header className="listbox__header">{section.title}</Header> : null}
                {section.options.map((option) => (
                  <ListBoxItem key={option.id} id={option.id} className="listbox__item" textValue={option.label}>
                    {option.label}
                  </ListBoxItem>
                ))}
              </ListBoxSection>
            )}
          </ListBox>
        ) : (
          <ListBox className="listbox" items={options}>
            {(option) => (
              <ListBoxItem id={option.id} className="listbox__item" textValue={option.label}>
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        )}
      </Popover>
    </RACSelect>
  );
}
