import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { Money } from './Money.tsx';
import { TextField } from './TextField.tsx';

describe('Money', () => {
  it('formats CHF amounts and Rappen for the interface language', () => {
    render(
      <>
        <Money chf={1234.5} locale="en" />
        <Money rappen={-1999} locale="en" />
        <Money chf={0} locale="de" />
        <Money chf={1234.5} locale="sq" />
      </>,
    );
    // The space after CHF is a no-break space (the matcher reads it as a space).
    expect(screen.getByText('CHF 1,234.50').textContent).toBe('CHF\u00a01,234.50');
    const negative = screen.getByText('CHF -19.99');
    expect(negative.className).toContain('fb-money--negative');
    expect(screen.getByText('CHF 0.00')).toBeTruthy();
    expect(screen.getByText("CHF 1'234.50")).toBeTruthy();
  });
});

describe('TextField', () => {
  it('links its label, description and error to the input', () => {
    render(
      <TextField label="E-mail" description="Your login" errorMessage="Value should not be empty string." />,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('Your login');
    expect(texts).toContain('Value should not be empty string.');
  });
});

describe('LanguageSwitch', () => {
  it('is a radio group with the current language checked', async () => {
    function Harness() {
      const [locale, setLocale] = useState<'de' | 'en' | 'fr' | 'sq'>('en');
      return (
        <LanguageSwitch
          locales={['de', 'en', 'fr', 'sq']}
          value={locale}
          onChange={setLocale}
          label="Language"
        />
      );
    }
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'EN' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: 'DE' }));
    expect(screen.getByRole('radio', { name: 'DE' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'EN' }).getAttribute('aria-checked')).toBe('false');
  });
});

describe('LoadingScreen', () => {
  it('announces itself as a status', () => {
    render(<LoadingScreen label="Loading…" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});

describe('Button', () => {
  it('while pending takes no presses and says it is busy, without leaving an announcement behind', async () => {
    const user = userEvent.setup();
    let presses = 0;
    const { rerender } = render(<Button onPress={() => presses++}>Save</Button>);
    // A focused button that turns pending is what React Aria's own pending mode announces.
    screen.getByRole('button', { name: 'Save' }).focus();
    rerender(
      <Button isPending onPress={() => presses++}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('[aria-live] [role="img"]')).toBeNull();
    rerender(<Button onPress={() => presses++}>Save</Button>);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(presses).toBe(1);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('aria-busy')).toBe(false);
  });
});
