import type { ReactNode } from 'react';
import { Checkbox as RACCheckbox, type CheckboxProps as RACCheckboxProps } from 'react-aria-components';

export interface CheckboxProps extends Omit<RACCheckboxProps, 'className' | 'children'> {
  children: ReactNode;
  className?: string;
}

/** `<Checkbox isSelected={free} onChange={setFree}>This resource is free</Checkbox>`. */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <RACCheckbox {...props} className={['checkbox', className].filter(Boolean).join(' ')}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className="checkbox__box" aria-hidden="true">
            {isIndeterminate ? (
              <svg viewBox="0 0 18 18">
                <rect x="4" y="8" width="10" height="2" fill="currentColor" />
              </svg>
            ) : isSelected ? (
              <svg viewBox="0 0 18 18">
                <polyline points="3.5 9.5 7.5 13 14.5 5" fill="none" stroke="currentColor" strokeWidth="2.5" />
              </svg>
            ) : null}
          </span>
          <span className="checkbox__label">{children}</span>
        </>
      )}
    </RACCheckbox>
  );
}
