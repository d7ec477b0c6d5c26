/**
 * The phone rule (spec 03 §5): a number is checked by its dial code, the count of its digits
 * after the dial code lying in the country's range. One rule for the server and the forms.
 */

/** Smallest and largest count of digits after the dial code. */
export interface PhoneDigitRange {
  min: number;
  max: number;
}

/** A failed phone check in the API's error shape (codes and texts of the shared catalogue). */
export interface PhoneError {
  code: 'ERROR_MINIMUM' | 'ERROR_MAXIMUM' | 'ERROR_PATTERN';
  message: string;
  params: Record<string, number>;
}

/** A country as a phone check may know it: its code (CH, KV…) and, when known, its dial code. */
export type PhoneCountry = string | { code?: string | null; dialCode?: string | null } | null | undefined;

interface RangedCountry {
  /** The key the specification uses (language-like, lower case: sq = Albania, xk = Kosovo). */
  key: string;
  /** The code in our country table (KV for Kosovo, as the specification's data does). */
  code: string;
  /** More codes naming the same country (ISO XK for Kosovo). */
  aliases: readonly string[];
  /** Dial code digits without the plus. */
  dialCode: string;
  range: PhoneDigitRange;
}

/** The countries with their own digit range; every other country has DEFAULT_PHONE_DIGIT_RANGE. */
export const PHONE_COUNTRIES: readonly RangedCountry[] = [
  { key: 'sq', code: 'AL', aliases: [], dialCode: '355', range: { min: 3, max: 9 } },
  { key: 'at', code: 'AT', aliases: [], dialCode: '43', range: { min: 9, max: 15 } },
  { key: 'ch', code: 'CH', aliases: [], dialCode: '41', range: { min: 9, max: 9 } },
  { key: 'de', code: 'DE', aliases: [], dialCode: '49', range: { min: 8, max: 13 } },
  { key: 'fr', code: 'FR', aliases: [], dialCode: '33', range: { min: 11, max: 11 } },
  { key: 'it', code: 'IT', aliases: [], dialCode: '39', range: { min: 8, max: 11 } },
  { key: 'xk', code: 'KV', aliases: ['XK'], dialCode: '383', range: { min: 8, max: 8 } },
  { key: 'mk', code: 'MK', aliases: [], dialCode: '389', range: { min: 8, max: 8 } },
];

/** Digit range of a number whose country has no range of its own (spec 03 §5: 6-18). */
export const DEFAULT_PHONE_DIGIT_RANGE: PhoneDigitRange = Object.freeze({ min: 6, max: 18 });

/** Separators people type inside numbers; anything else besides digits and a leading + or 00 is refused. */
const SEPARATORS = /[\s\-./()]/g;
const PHONE_TEXT = /^\+?[0-9]+$/;

const dialDigits = (text: string): string | null => {
  const compact = text.replace(SEPARATORS, '');
  if (/^\+[0-9]{1,4}$/.test(compact)) return compact.slice(1);
  if (/^00[0-9]{1,4}$/.test(compact)) return compact.slice(2);
  if (/^[0-9]{1,4}$/.test(compact)) return compact;
  return null;
};

function rangedCountry(dialCodeOrCountry: string): RangedCountry | undefined {
  const dial = dialDigits(dialCodeOrCountry);
  if (dial !== null) return PHONE_COUNTRIES.find((country) => country.dialCode === dial);
  const name = dialCodeOrCountry.trim();
  const lower = name.toLowerCase();
  const upper = name.toUpperCase();
  return PHONE_COUNTRIES.find(
    (country) => country.key === lower || country.code === upper || country.aliases.includes(upper),
  );
}

/**
 * The digit range for a dial code ("+41", "0041", "41") or a country (our code "KV", ISO "XK",
 * or the specification's key "xk"); DEFAULT_PHONE_DIGIT_RANGE for any other.
 */
export function phoneDigitRange(dialCodeOrCountry: string | null | undefined): PhoneDigitRange {
  const country = dialCodeOrCountry ? rangedCountry(dialCodeOrCountry) : undefined;
  return { ...(country?.range ?? DEFAULT_PHONE_DIGIT_RANGE) };
}

/** How a number was read: its dial code (digits, null when not known) and the digits after it. */
export interface PhoneParts {
  dialCode: string | null;
  national: string;
  range: PhoneDigitRange;
}

const countryParts = (country: PhoneCountry) => {
  if (!country) return { code: null, dialCode: null };
  if (typeof country === 'string') return { code: country, dialCode: null };
  return {
    code: country.code ?? null,
    dialCode: country.dialCode ? dialDigits(country.dialCode) : null,
  };
};

/**
 * Reads a number (docs/users.md). International numbers (+ or 00) are split at their dial code:
 * a ranged country's, else the given country's; an unknown dial code leaves every digit counted.
 * A number without dial code is the given country's own, its trunk 0 dropped (Italy keeps it).
 * Null when the text is not a phone number at all.
 */
export function readPhone(phone: string, country?: PhoneCountry): PhoneParts | null {
  const compact = phone.trim().replace(SEPARATORS, '');
  if (!PHONE_TEXT.test(compact)) return null;
  const own = countryParts(country);
  const ownRanged = own.code ? rangedCountry(own.code) : undefined;
  const ownDial = own.dialCode ?? ownRanged?.dialCode ?? null;

  const international = compact.startsWith('+')
    ? compact.slice(1)
    : compact.startsWith('00')
      ? compact.slice(2)
      : null;
  if (international !== null) {
    const ranged = PHONE_COUNTRIES.find((c) => international.startsWith(c.dialCode));
    if (ranged) {
      return {
        dialCode: ranged.dialCode,
        national: international.slice(ranged.dialCode.length),
        range: { ...ranged.range },
      };
    }
    if (ownDial && international.startsWith(ownDial)) {
      return {
        dialCode: ownDial,
        national: international.slice(ownDial.length),
        range: phoneDigitRange(ownDial),
      };
    }
    return { dialCode: null, national: international, range: phoneDigitRange(null) };
  }
  const keepsTrunkZero = ownRanged?.code === 'IT';
  const national = !keepsTrunkZero && compact.startsWith('0') ? compact.slice(1) : compact;
  return {
    dialCode: ownDial,
    national,
    range: ownRanged ? { ...ownRanged.range } : ownDial ? phoneDigitRange(ownDial) : phoneDigitRange(null),
  };
}

/**
 * Checks a phone number by its dial code (spec 03 §5): null when the digits after the dial code
 * are within the country's range, else the error with the spec's message ("should be greater or
 * equal: N", "should be less or equal: N") and the limit. `country` is the holder's country,
 * used for numbers written without dial code.
 */
export function checkPhone(phone: string, country?: PhoneCountry): PhoneError | null {
  const parts = readPhone(phone, country);
  if (!parts) {
    return { code: 'ERROR_PATTERN', message: 'This value is not in the right format.', params: {} };
  }
  const digits = parts.national.length;
  if (digits < parts.range.min) {
    return {
      code: 'ERROR_MINIMUM',
      message: `should be greater or equal: ${parts.range.min}`,
      params: { limit: parts.range.min, digits },
    };
  }
  if (digits > parts.range.max) {
    return {
      code: 'ERROR_MAXIMUM',
      message: `should be less or equal: ${parts.range.max}`,
      params: { limit: parts.range.max, digits },
    };
  }
  return null;
}
