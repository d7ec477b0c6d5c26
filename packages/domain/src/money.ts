/**
 * Money: integer Rappen (1/100 CHF) inside the system, CHF with two decimals on the wire.
 *
 * Every amount is a safe integer, so sums and differences are exact. Conversions from and to CHF go
 * through decimal strings, never through `x * 100`, because binary floats cannot hold most decimal
 * fractions (19.99 * 100 is 1998.9999999999998).
 */

/** An amount of money in Rappen (1 CHF = 100 Rappen); always a safe integer. */
export type Rappen = number;

/** The interface languages (as `Locale` of @flybook/locales, which formats amounts for each). */
export type MoneyLocale = 'de' | 'en' | 'fr' | 'sq';

/** Thrown when a value is not a valid amount or an operation would leave the safe integer range. */
export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoneyError';
  }
}

const MAX_RAPPEN = BigInt(Number.MAX_SAFE_INTEGER);

/** A decimal number held exactly: value = mantissa / 10^scale. */
type ExactDecimal = { mantissa: bigint; scale: number };

const DECIMAL_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Reads a decimal string (optionally with exponent) exactly; null when it is not a plain number. */
function parseDecimal(text: string): ExactDecimal | null {
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign = '', intDigits = '', fracDigits = '', exponentText] = match;
  if (intDigits === '' && fracDigits === '') return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return null;
  let mantissa = BigInt(`${intDigits}${fracDigits}` || '0');
  let scale = fracDigits.length - exponent;
  if (scale < 0) {
    mantissa *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { mantissa: sign === '-' ? -mantissa : mantissa, scale };
}

/** The exact decimal a JS number stands for, as JS itself prints it (shortest round-trip form). */
function numberToDecimal(value: number): ExactDecimal | null {
  if (!Number.isFinite(value)) return null;
  return parseDecimal(String(value));
}

function checkedRappen(value: bigint, what: string): Rappen {
  if (value > MAX_RAPPEN || value < -MAX_RAPPEN) {
    throw new MoneyError(`${what} is beyond the safe range of amounts`);
  }
  // `+ 0` turns a -0 into 0 so that equality checks and JSON never see a negative zero.
  return Number(value) + 0;
}

function assertRappen(value: Rappen, what = 'Amount'): void {
  if (!Number.isSafeInteger(value)) {
    throw new MoneyError(`${what} must be a whole number of Rappen, got ${value}`);
  }
}

/**
 * Converts a CHF amount (number from JSON, or a decimal string such as '19.99' or a Postgres
 * numeric '19.9900') to Rappen, exactly.
 *
 * Numbers are read in the shortest form that round-trips (what `String(n)` prints), so `19.99`
 * becomes 1999, while a float artefact like `0.1 + 0.2` (0.30000000000000004) is rejected rather
 * than silently rounded: an amount that is not a whole number of Rappen is an error upstream.
 *
 * @throws MoneyError for NaN, infinities, non-numeric strings, more than two (non-zero) decimals,
 *   or an amount beyond the safe integer range.
 */
export function toRappen(chf: number | string): Rappen {
  const decimal = typeof chf === 'number' ? numberToDecimal(chf) : parseDecimal(chf.trim());
  if (!decimal) throw new MoneyError(`Not an amount of money: ${String(chf)}`);
  const { mantissa, scale } = decimal;
  if (scale <= 2) return checkedRappen(mantissa * 10n ** BigInt(2 - scale), 'Amount');
  const divisor = 10n ** BigInt(scale - 2);
  if (mantissa % divisor !== 0n) {
    throw new MoneyError(`Amount has more than two decimals: ${String(chf)}`);
  }
  return checkedRappen(mantissa / divisor, 'Amount');
}

/**
 * True when a CHF number is a valid amount: finite, at most two decimals, within the safe range.
 * Meant for schema refinements ("rounded to 0.01"), where `multipleOf(0.01)` is unreliable with
 * binary floats.
 */
export function isMoneyAmount(chf: number): boolean {
  try {
    toRappen(chf);
    return true;
  } catch {
    return false;
  }
}

/** True when a value is a valid Rappen amount (a safe integer). */
export function isRappen(value: unknown): value is Rappen {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Rappen to CHF for the wire (1999 → 19.99). Division of an integer by 100 yields the double
 * closest to the two-decimal value, which JSON prints as exactly that value for amounts below
 * CHF 10^13 (15 significant digits).
 */
export function toChf(r: Rappen): number {
  assertRappen(r);
  return r / 100 + 0;
}

/** Rappen as a plain decimal string with two decimals (1999 → '19.99', -5 → '-0.05'). */
export function toChfString(r: Rappen): string {
  assertRappen(r);
  const abs = Math.abs(r);
  const rest = abs % 100;
  const francs = (abs - rest) / 100;
  const rappen = String(rest).padStart(2, '0');
  return `${r < 0 ? '-' : ''}${francs}.${rappen}`;
}

/** Sum of amounts, exact; throws MoneyError when the result leaves the safe range. */
export function addMoney(...xs: Rappen[]): Rappen {
  return sumMoney(xs);
}

/** Sum of a list of amounts (0 for an empty list); throws MoneyError when it leaves the safe range. */
export function sumMoney(list: readonly Rappen[]): Rappen {
  let total = 0n;
  for (const x of list) {
    assertRappen(x);
    total += BigInt(x);
  }
  return checkedRappen(total, 'Sum');
}

/** a − b, exact. */
export function subtractMoney(a: Rappen, b: Rappen): Rappen {
  assertRappen(a);
  assertRappen(b);
  return checkedRappen(BigInt(a) - BigInt(b), 'Difference');
}

/** An amount times a whole count (e.g. price per passenger × passengers). */
export function multiplyMoney(r: Rappen, n: number): Rappen {
  assertRappen(r);
  if (!Number.isSafeInteger(n)) throw new MoneyError(`Multiplier must be a whole number, got ${n}`);
  return checkedRappen(BigInt(r) * BigInt(n), 'Product');
}

/** q = num / den rounded half away from zero; den > 0. */
function divideRoundHalfAwayFromZero(num: bigint, den: bigint): bigint {
  const quotient = num / den; // BigInt division truncates toward zero
  const remainder = num % den; // carries the sign of num
  const twiceRemainder = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twiceRemainder >= den) return num < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

/**
 * `percent` % of an amount, rounded half away from zero to a whole Rappen (CHF 15.00 × 33.3 % =
 * 4.995 → 5.00; −0.5 Rappen → −1). The percent may have decimals (12.5) and is read as the decimal
 * it prints as, so the result is computed exactly; float multiplication would give 4.99 here.
 */
export function percentOfMoney(r: Rappen, percent: number): Rappen {
  assertRappen(r);
  const decimal = numberToDecimal(percent);
  if (!decimal) throw new MoneyError(`Not a percentage: ${percent}`);
  const numerator = BigInt(r) * decimal.mantissa;
  const denominator = 100n * 10n ** BigInt(decimal.scale);
  return checkedRappen(divideRoundHalfAwayFromZero(numerator, denominator), 'Percentage');
}
