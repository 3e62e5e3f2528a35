import type { ReactNode } from 'react';
import { FieldError, Label, Text } from 'react-aria-components';

/** What every labelled form field takes besides its control's own props. */
export interface FieldChromeProps {
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /**
   * An error shown under the field. Errors from a surrounding RAC `Form`'s `validationErrors`
   * (keyed by `name`) show here too without this prop.
   */
  errorMessage?: string;
  className?: string;
}

/**
 * The props a field's RAC root gets from the chrome: invalid when an error is given (an explicit
 * `isInvalid` wins), and the `field` class with the field's own (`select`, `checkbox-group`) and the caller's.
 */
export function fieldRootProps(
  { isInvalid, errorMessage, className }: { isInvalid?: boolean; errorMessage?: string; className?: string },
  ...kinds: string[]
) {
  return {
    isInvalid: isInvalid ?? (errorMessage ? true : undefined),
    className: ['field', ...kinds, className].filter(Boolean).join(' '),
  };
}

/**
 * Label, the control (children), description and field error, in that order, inside a RAC field
 * root (TextField, NumberField, Select, CheckboxGroup), which wires the label, `aria-describedby`
 * and the error to its control.
 */
export function FieldShell({ label, description, errorMessage, children }: Omit<FieldChromeProps, 'className'> & { children: ReactNode }) {
  return (
    <>
      <Label className="field__label">{label}</Label>
      {children}
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
}
