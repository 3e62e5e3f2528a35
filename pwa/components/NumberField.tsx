import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  NumberField as RACNumberField,
  Text,
  type NumberFieldProps as RACNumberFieldProps,
} from 'react-aria-components';

export interface NumberFieldProps extends Omit<RACNumberFieldProps, 'className' | 'children'> {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  className?: string;
}

/**
 * A number input: `<NumberField label="Rating" minValue={0} maxValue={5} step={1} value={n} onChange={setN} />`.
 * Only numbers can be typed; arrow keys step; the value is clamped and snapped to `step` on blur.
 * A cleared field reports NaN. Works in a RAC `Form` with `name` (errors by name show under it).
 */
export function NumberField({ label, description, errorMessage, className, ...props }: NumberFieldProps) {
  return (
    <RACNumberField
      {...props}
      isInvalid={props.isInvalid ?? (errorMessage ? true : undefined)}
      className={['field', className].filter(Boolean).join(' ')}
    >
      <Label className="field__label">{label}</Label>
      <Input className="field__input" />
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </RACNumberField>
  );
}
