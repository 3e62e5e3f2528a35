import { Select, type SelectProps } from '../components/Select';
import { bindChoice } from './entityForm';

type ChoiceFieldProps<T extends string> = Omit<SelectProps, 'name' | 'value' | 'onChange'> & {
  /** The form field (tanstack `form.Field`'s render argument) whose value is one option's id. */
  field: Parameters<typeof bindChoice<T>>[0];
};

/** A Select bound to a form field that holds the chosen option's id, or null while nothing is chosen. */
export function ChoiceField<T extends string>({ field, ...props }: ChoiceFieldProps<T>) {
  return <Select {...props} {...bindChoice(field)} />;
}
