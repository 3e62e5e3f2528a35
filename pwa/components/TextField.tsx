import {
  Input,
  TextArea,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { FieldShell, fieldRootProps, type FieldChromeProps } from './FieldShell';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'className' | 'children'>, FieldChromeProps {
  placeholder?: string;
  /** Render a `<textarea>`; `rows` sets its height. */
  multiline?: boolean;
  rows?: number;
}

/** Label, input (or textarea), description and field error, in that order. */
export function TextField({ label, description, errorMessage, placeholder, multiline, rows = 4, className, ...props }: TextFieldProps) {
  return (
    <RACTextField {...props} {...fieldRootProps({ isInvalid: props.isInvalid, errorMessage, className })}>
      <FieldShell label={label} description={description} errorMessage={errorMessage}>
        {multiline ? (
          <TextArea className="field__input field__input--multiline" placeholder={placeholder} rows={rows} />
        ) : (
          <Input className="field__input" placeholder={placeholder} />
        )}
      </FieldShell>
    </RACTextField>
  );
}
