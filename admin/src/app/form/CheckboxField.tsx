import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { CheckBox } from './CheckBox.tsx';

/** A checkbox bound to a boolean react-hook-form field ("Active"). */
export function CheckboxField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  description,
  isDisabled = false,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  isDisabled?: boolean;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <div className="checkbox-field">
          <CheckBox
            name={field.name}
            isSelected={field.value === true}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            isDisabled={isDisabled}
          >
            {label}
          </CheckBox>
          {description ? <p className="checkbox-field__description">{description}</p> : null}
        </div>
      )}
    />
  );
}
