import { TextField, type TextFieldProps } from './TextField.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A text field that masks its value; autocomplete defaults to the current password. */
export function PasswordField({ autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  return <TextField {...props} type="password" autoComplete={autoComplete} />;
}
