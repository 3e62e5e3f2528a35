import { LIMITS } from '../../../contracts/common';
import { TextField, type TextFieldProps } from '../../components/TextField';

/** A password being chosen (sign-up, an invitation, a change): the contract's length rule under it. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'description'>) {
  return <TextField {...props} type="password" autoComplete="new-password" description={`At least ${LIMITS.passwordMin} characters.`} />;
}
