import { RequiredMark } from '@flybook/ui';
import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A choice from a short list bound to a react-hook-form text field (the chosen value, '' for none).
 * The browser's own select: every screen reader and keyboard knows it.
 */
export function SelectField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  options,
  placeholder,
  isRequired = false,
  isDisabled = false,
  description,
  onChange,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  options: readonly SelectOption[];
  /** The text of the empty choice ("Please choose"). */
  placeholder: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  description?: ReactNode;
  /** Told of a choice the user made, after the form field has taken it (e.g. to fill dependent fields). */
  onChange?: (value: string) => void;
}) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const describedBy = [description ? descriptionId : null, error ? errorId : null]
          .filter(Boolean)
          .join(' ');
        return (
          <div className="fb-field">
            <label className="fb-field__label" htmlFor={id}>
              {label}
              <RequiredMark shown={isRequired} />
            </label>
            <select
              id={id}
              ref={field.ref}
              name={field.name}
              className="fb-field__input select"
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => {
                field.onChange(event.target.value);
                onChange?.(event.target.value);
              }}
              onBlur={field.onBlur}
              disabled={isDisabled}
              required={isRequired}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              data-invalid={error ? true : undefined}
            >
              <option value="">{placeholder}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {description ? (
              <span id={descriptionId} className="fb-field__description">
                {description}
              </span>
            ) : null}
            {error ? (
              <span id={errorId} className="fb-field__error">
                {error}
              </span>
            ) : null}
          </div>
        );
      }}
    />
  );
}
