import { useId, useRef, useState, type KeyboardEvent } from 'react';

export interface PlainSearchFieldProps {
  /** Accessible name; shown above the box unless `isLabelHidden`. */
  label: string;
  isLabelHidden?: boolean;
  placeholder?: string;
  className?: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * components/SearchField.tsx (React Aria's SearchField) as plain elements, for the /news and
 * /podcasts lists' first render (docs/performance.md, "2026-11-28: the first page under 200 KB"):
 * the same markup, classes and data attributes (data-empty on the field, data-focused and
 * data-hovered on the box), a `type="search"` box named by its label, Escape clears a non-empty
 * box, and the clear button (out of the tab order, like React Aria's) clears it and keeps focus in it.
 */
export function PlainSearchField({ label, isLabelHidden, placeholder, className, value, onChange }: PlainSearchFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const [hovered, setHovered] = useState(false);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || value === '') return;
    event.preventDefault();
    event.stopPropagation();
    onChange('');
  };

  return (
    <div className={['field', 'search-field', className].filter(Boolean).join(' ')} data-empty={value === '' || undefined}>
      <label className={isLabelHidden ? 'visually-hidden' : 'field__label'} htmlFor={inputId}>
        {label}
      </label>
      <div className="search-field__box">
        <svg className="search-field__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          className="field__input search-field__input"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onPointerEnter={(event) => event.pointerType !== 'touch' && setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          data-focused={focused || undefined}
          data-hovered={hovered || undefined}
        />
        <button
          type="button"
          tabIndex={-1}
          className="search-field__clear"
          aria-label="Clear search"
          // Focus stays in the box (React Aria's preventFocusOnPress).
          onPointerDown={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
        >
          ×
        </button>
      </div>
    </div>
  );
}
