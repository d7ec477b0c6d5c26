import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from './TextField.tsx';

// jsdom's URL is not the one node:fs takes: the folder as a path.
const UI_CSS = readFileSync(join(import.meta.dirname, 'ui.css'), 'utf8');

afterEach(() => {
  for (const style of document.head.querySelectorAll('style[data-test="ui-css"]')) style.remove();
});

function withStyles() {
  const style = document.createElement('style');
  style.dataset.test = 'ui-css';
  style.textContent = UI_CSS;
  document.head.append(style);
}

const look = (element: Element) => {
  const style = getComputedStyle(element);
  return { background: style.backgroundColor || style.background, cursor: style.cursor };
};

describe('field styles', () => {
  it('make a disabled field look disabled, whatever kind of input it is', () => {
    withStyles();
    render(
      <>
        <TextField label="Open" value="GM1234" onChange={() => {}} />
        <TextField label="Shut" value="GM1234" onChange={() => {}} isDisabled />
        <input aria-label="Open date" type="date" className="fb-field__input" />
        <input aria-label="Shut date" type="date" className="fb-field__input" disabled />
        <select aria-label="Open select" className="fb-field__input" />
        <select aria-label="Shut select" className="fb-field__input" disabled />
        <textarea aria-label="Shut text" className="fb-field__input" disabled />
      </>,
    );
    const open = look(screen.getByRole('textbox', { name: 'Open' }));
    expect(open.cursor).not.toBe('not-allowed');
    for (const shut of [
      screen.getByRole('textbox', { name: 'Shut' }),
      screen.getByLabelText('Shut date'),
      screen.getByRole('combobox', { name: 'Shut select' }),
      screen.getByRole('textbox', { name: 'Shut text' }),
    ]) {
      const seen = look(shut);
      expect(seen.cursor, shut.getAttribute('aria-label') ?? 'Shut').toBe('not-allowed');
      expect(seen.background).not.toBe(open.background);
    }
    expect(look(screen.getByLabelText('Open date')).cursor).not.toBe('not-allowed');
    expect(look(screen.getByRole('combobox', { name: 'Open select' })).cursor).not.toBe('not-allowed');
  });
});
