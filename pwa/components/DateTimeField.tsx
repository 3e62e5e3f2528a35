import { getLocalTimeZone, parseAbsolute, toZoned, type ZonedDateTime } from '@internationalized/date';
import { DateField as RACDateField, DateInput, DateSegment, type DateFieldProps as RACDateFieldProps } from 'react-aria-components';
import { FieldShell, fieldRootProps, type FieldChromeProps } from './FieldShell';
import './DateTimeField.css';

export interface DateTimeFieldProps extends Omit<RACDateFieldProps<ZonedDateTime>, 'className' | 'children' | 'value' | 'defaultValue' | 'onChange' | 'granularity'>, FieldChromeProps {
  /**
   * The starting ISO-8601 instant, or null for none. The field keeps what is typed itself (a
   * half-typed date reports null and must not wipe the segments typed so far): remount it (key)
   * to start again from another value.
   */
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * A date and time to the minute, typed segment by segment in the member's locale and time zone:
 * `<DateTimeField label="Publish at" value={iso} onChange={setIso} />`. Works with ISO instants
 * (what the API takes); an incomplete entry reports null.
 */
export function DateTimeField({ label, description, errorMessage, className, value, onChange, ...props }: DateTimeFieldProps) {
  const zone = getLocalTimeZone();
  return (
    <RACDateField
      {...props}
      granularity="minute"
      defaultValue={value ? parseAbsolute(value, zone) : null}
      // Started empty, the field makes a CalendarDateTime (no zone), which has no toAbsoluteString:
      // the typed time never reached the form. toZoned takes either kind.
      onChange={(v) => onChange(v ? toZoned(v, zone).toAbsoluteString() : null)}
      {...fieldRootProps({ isInvalid: props.isInvalid, errorMessage, className }, 'field--date')}
    >
      <FieldShell label={label} description={description} errorMessage={errorMessage}>
        <DateInput className="field__input field__input--date">{(segment) => <DateSegment segment={segment} className="field__segment" />}</DateInput>
      </FieldShell>
    </RACDateField>
  );
}
