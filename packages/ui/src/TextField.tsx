import type { ReactNode, Ref } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
} from 'react-aria-components';
import { RequiredMark } from './RequiredMark.tsx';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children'> {
  label: ReactNode;
  /** A hint under the field, linked to the input with aria-describedby. */
  description?: ReactNode;
  /** The message shown under the field; setting it marks the field invalid. */
  errorMessage?: string | null;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * A labelled text input with a description and an error text. Validation messages come from the
 * caller (form library or server) so the field never shows the browser's own untranslated bubbles.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  inputRef,
  className,
  ...props
}: TextFieldProps) {
  const invalid = Boolean(errorMessage) || props.isInvalid;
  return (
    <AriaTextField
      validationBehavior="aria"
      {...props}
      isInvalid={invalid}
      className={['fb-field', className].filter(Boolean).join(' ')}
    >
      <Label className="fb-field__label">
        {label}
        <RequiredMark shown={props.isRequired} />
      </Label>
      <Input className="fb-field__input" placeholder={placeholder} ref={inputRef} />
      {description ? (
        <Text slot="description" className="fb-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="fb-field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
