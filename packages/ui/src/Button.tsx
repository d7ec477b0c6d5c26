import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  className?: string;
  children?: ReactNode;
}

/**
 * A button on React Aria: press events, focus-visible ring. While `isPending` it is busy: it takes
 * no presses and says so (aria-busy, a progress cursor). React Aria's own pending mode is not used:
 * it announces the focused button through a live region that keeps pointing at the button after the
 * page has moved on (a save that leads to another page): an unnamed image to assistive technology.
 */
export function Button({
  variant = 'primary',
  className,
  children,
  isPending,
  isDisabled,
  ...props
}: ButtonProps) {
  const classes = ['fb-button', `fb-button--${variant}`, className].filter(Boolean).join(' ');
  const ref = useRef<HTMLButtonElement>(null);
  // React Aria passes neither aria-busy nor its own data-pending for a button it does not run as pending.
  useLayoutEffect(() => {
    const button = ref.current;
    if (!button) return;
    for (const name of ['aria-busy', 'data-pending']) {
      if (isPending) button.setAttribute(name, 'true');
      else button.removeAttribute(name);
    }
  }, [isPending]);
  return (
    <AriaButton {...props} ref={ref} isDisabled={isDisabled || isPending} className={classes}>
      {children}
    </AriaButton>
  );
}
