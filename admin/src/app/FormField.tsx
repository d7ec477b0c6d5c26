import { PasswordField, TextField, type TextFieldProps } from '@flybook/ui';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormFieldProps<T extends FieldValues, TOut extends FieldValues = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'errorMessage'
> & {
  /** The form's control; `TOut` is what its resolver turns the values into (the request body). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** Masks the value (PasswordField). */
  password?: boolean;
};

/** A text or password field bound to a react-hook-form field, showing its translated error. */
export function FormField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  password = false,
  ...props
}: FormFieldProps<T, TOut>) {
  const Field = password ? PasswordField : TextField;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Field
          {...props}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          errorMessage={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}
