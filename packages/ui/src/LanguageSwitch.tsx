import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

/** Each language named in itself, so a reader finds their own language whatever is selected now. */
const ENDONYMS: Record<string, string> = { de: 'Deutsch', en: 'English', fr: 'Français', sq: 'Shqip' };

export interface LanguageSwitchProps<L extends string> {
  locales: readonly L[];
  value: L;
  onChange: (locale: L) => void;
  /** The group's accessible name, e.g. "Language". */
  label: string;
  /** 'dark' for the navy top bar. */
  tone?: 'light' | 'dark';
}

/**
 * The interface language as a segmented control (DE EN FR SQ): a radio group where one press
 * switches and the current language is the checked one.
 */
export function LanguageSwitch<L extends string>({
  locales,
  value,
  onChange,
  label,
  tone = 'light',
}: LanguageSwitchProps<L>) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      className={`fb-lang fb-lang--${tone}`}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const next = locales.find((locale) => keys.has(locale));
        if (next && next !== value) onChange(next);
      }}
    >
      {locales.map((locale) => (
        // The visible code is the accessible name (voice control users say what they see); the
        // language's own name shows on hover.
        <ToggleButton key={locale} id={locale} className="fb-lang__option" lang={locale}>
          <span title={ENDONYMS[locale]}>{locale.toUpperCase()}</span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
