import { Input, NumberField as RACNumberField, type NumberFieldProps as RACNumberFieldProps } from 'react-aria-components';
import { FieldShell, fieldRootProps, type FieldChromeProps } from './FieldShell';

export interface NumberFieldProps extends Omit<RACNumberFieldProps, 'className' | 'children'>, FieldChromeProps {}

/**
 * A number input: `<NumberField label="Rating" minValue={0} maxValue={5} step={1} value={n} onChange={setN} />`.
 * Only numbers can be typed; arrow keys step; the value is clamped and snapped to `step` on blur.
 * A cleared field reports NaN. Works in a RAC `Form` with `name` (errors by name show under it).
 */
export function NumberField({ label, description, errorMessage, className, ...props }: NumberFieldProps) {
  return (
    <RACNumberField {...props} {...fieldRootProps({ isInvalid: props.isInvalid, errorMessage, className })}>
      <FieldShell label={label} description={description} errorMessage={errorMessage}>
        <Input className="field__input" />
      </FieldShell>
    </RACNumberField>
  );
}
