import type { ReactNode } from 'react';
import { Checkbox, type CheckboxProps } from 'react-aria-components';

/**
 * The back office's checkbox: react-aria's checkbox (a real input, keyboard and screen reader
 * ready) with the drawn box. Alone, inside a CheckboxGroup, or bound to a form by CheckboxField.
 */
export function CheckBox({
  children,
  ...props
}: Omit<CheckboxProps, 'children' | 'className'> & { children: ReactNode }) {
  return (
    <Checkbox {...props} className="checkbox">
      <span className="checkbox__box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14" focusable="false" aria-hidden="true">
          <polyline points="2 9 7 14 16 4" fill="none" stroke="currentColor" strokeWidth="3" />
        </svg>
      </span>
      {children}
    </Checkbox>
  );
}
