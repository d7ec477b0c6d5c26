import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

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
          <Checkbox
            className="checkbox"
            name={field.name}
            isSelected={field.value === true}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            isDisabled={isDisabled}
          >
            <span className="checkbox__box" aria-hidden="true">
              <svg viewBox="0 0 18 18" width="14" height="14" focusable="false" aria-hidden="true">
                <polyline points="2 9 7 14 16 4" fill="none" stroke="currentColor" strokeWidth="3" />
              </svg>
            </span>
            {label}
          </Checkbox>
          {description ? <p className="checkbox-field__description">{description}</p> : null}
        </div>
      )}
    />
  );
}
