import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  className?: string;
  children?: ReactNode;
}

/** A button on React Aria: press events, focus-visible ring, `isPending` announced to screen readers. */
export function Button({ variant = 'primary', className, children, ...props }: ButtonProps) {
  const classes = ['fb-button', `fb-button--${variant}`, className].filter(Boolean).join(' ');
  return (
    <AriaButton {...props} className={classes}>
      {children}
    </AriaButton>
  );
}
