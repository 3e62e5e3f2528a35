import {
  Button as RACButton,
  Input,
  Label,
  SearchField as RACSearchField,
  type SearchFieldProps as RACSearchFieldProps,
} from 'react-aria-components';

export interface SearchFieldProps extends Omit<RACSearchFieldProps, 'className' | 'children'> {
  /** Accessible name; shown above the box unless `isLabelHidden`. */
  label: string;
  isLabelHidden?: boolean;
  placeholder?: string;
  className?: string;
}

/** A search box with a clear button (Escape also clears). Filtering is the screen's job. */
export function SearchField({ label, isLabelHidden, placeholder, className, ...props }: SearchFieldProps) {
  return (
    <RACSearchField {...props} className={['field', 'search-field', className].filter(Boolean).join(' ')}>
      <Label className={isLabelHidden ? 'visually-hidden' : 'field__label'}>{label}</Label>
      <div className="search-field__box">
        <svg className="search-field__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <Input className="field__input search-field__input" placeholder={placeholder} />
        <RACButton className="search-field__clear" aria-label="Clear search">
          ×
        </RACButton>
      </div>
    </RACSearchField>
  );
}
