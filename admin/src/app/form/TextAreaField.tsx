import { RequiredMark } from '@flybook/ui';
import type { ReactNode } from 'react';
import { TextField as AriaTextField, FieldError, Label, Text, TextArea } from 'react-aria-components';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** A multi-line text bound to a react-hook-form field, styled like the kit's TextField. */
export function TextAreaField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  description,
  isRequired = false,
  maxLength,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  isRequired?: boolean;
  maxLength?: number;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message ?? null;
        return (
          <AriaTextField
            className="fb-field"
            validationBehavior="aria"
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            isRequired={isRequired}
            isInvalid={Boolean(error)}
            {...(maxLength === undefined ? {} : { maxLength })}
          >
            <Label className="fb-field__label">
              {label}
              <RequiredMark shown={isRequired} />
            </Label>
            <TextArea className="fb-field__input" ref={field.ref} rows={3} />
            {description ? (
              <Text slot="description" className="fb-field__description">
                {description}
              </Text>
            ) : null}
            <FieldError className="fb-field__error">{error}</FieldError>
          </AriaTextField>
        );
      }}
    />
  );
}
