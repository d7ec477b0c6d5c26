import { RequiredMark } from '@flybook/ui';
import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldPath } from 'react-hook-form';
import type { FlightFormOutput, FlightFormValues } from './flight-form.ts';

/**
 * A date (yyyy-MM-dd) or time (HH:mm) bound to a text field of the flight form, in the browser's
 * own picker: every screen reader and keyboard knows it, and it never guesses a time zone (the
 * form says whose local time it is in `describedBy`).
 */
export function DateInputField({
  control,
  name,
  label,
  type,
  isRequired = false,
  isDisabled = false,
  describedBy,
}: {
  control: Control<FlightFormValues, unknown, FlightFormOutput>;
  name: FieldPath<FlightFormValues>;
  label: ReactNode;
  type: 'date' | 'time';
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Id of a text that explains the value (the airport's time zone). */
  describedBy?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const describedByIds = [describedBy, error ? errorId : null].filter(Boolean).join(' ');
        return (
          <div className="fb-field">
            <label className="fb-field__label" htmlFor={id}>
              {label}
              <RequiredMark shown={isRequired} />
            </label>
            <input
              id={id}
              ref={field.ref}
              type={type}
              name={field.name}
              className="fb-field__input flight-form__date-input"
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              disabled={isDisabled}
              aria-required={isRequired || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedByIds || undefined}
              data-invalid={error ? true : undefined}
            />
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
