import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'className' | 'children'> {
  label: ReactNode;
  /** Help text under the field. */
  description?: ReactNode;
  /**
   * An error shown under the field. Errors from a surrounding RAC `Form`'s `validationErrors`
   * (keyed by `name`) show here too without this prop.
   */
  errorMessage?: string;
  placeholder?: string;
  /** Render a `<textarea>`; `rows` sets its height. */
  multiline?: boolean;
  rows?: number;
  className?: string;
}

/** Label, input (or textarea), description and field error, in that order. */
export function TextField({ label, description, errorMessage, placeholder, multiline, rows = 4, className, ...props }: TextFieldProps) {
  return (
    <RACTextField
      {...props}
      isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)}
      className={['field', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      {multiline ? (
        <TextArea className="field__input field__input--multiline" placeholder={placeholder} rows={rows} />
      ) : (
        <Input className="field__input" placeholder={placeholder} />
      )}
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </RACTextField>
  );
}
