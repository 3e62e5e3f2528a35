import { NEW_PASSWORD_HINT } from '../../../contracts/auth';
import { TextField, type TextFieldProps } from '../../components/TextField';

/** A password being chosen (sign-up, an invitation, a reset, a change): the contract's hint under it; the server's refusal replaces it. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'description'>) {
  return <TextField {...props} type="password" autoComplete="new-password" description={NEW_PASSWORD_HINT} />;
}
