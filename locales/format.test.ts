import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  calendarDate,
  formatAmount,
  formatChf,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
  monthName,
  wallClock,
  weekdayName,
} from './format.ts';
import { LOCALES } from './index.ts';

// Thursday 26 November 2026, 06:30 in Zurich (UTC+1) is 05:30 UTC.
const MORNING = '2026-11-26T05:30:00Z';

describe('dates', () => {
  it('prints a calendar date in the three styles of each language', () => {
    expect(formatDate('2026-11-26', 'en', { style: 'numeric' })).toBe('26.11.2026');
    expect(formatDate('2026-11-26', 'de', { style: 'numeric' })).toBe('26.11.2026');
    expect(formatDate('2026-11-26', 'fr', { style: 'numeric' })).toBe('26.11.2026');
    expect(formatDate('2026-11-26', 'sq', { style: 'numeric' })).toBe('26.11.2026');

    expect(formatDate('2026-11-26', 'en')).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26', 'de')).toBe('26. Nov. 2026');
    expect(formatDate('2026-11-26', 'fr')).toBe('26 nov. 2026');
    expect(formatDate('2026-11-26', 'sq')).toBe('26 nën 2026');

    expect(formatDate('2026-03-01', 'en', { style: 'long' })).toBe('1 March 2026');
    expect(formatDate('2026-03-01', 'de', { style: 'long' })).toBe('1. März 2026');
    expect(formatDate('2026-03-01', 'fr', { style: 'long' })).toBe('1 mars 2026');
    expect(formatDate('2026-03-01', 'sq', { style: 'long' })).toBe('1 mars 2026');
  });

  it('puts the weekday first, and leaves the year out for day tabs', () => {
    expect(formatDate('2026-12-04', 'en', { weekday: 'short' })).toBe('Fri 4 Dec 2026');
    expect(formatDate('2026-12-04', 'de', { weekday: 'short' })).toBe('Fr., 4. Dez. 2026');
    expect(formatDate('2026-12-04', 'fr', { weekday: 'short' })).toBe('ven. 4 déc. 2026');
    expect(formatDate('2026-12-04', 'sq', { weekday: 'short' })).toBe('pre, 4 dhj 2026');

    expect(formatDate('2026-12-04', 'en', { weekday: 'long', style: 'long', year: false })).toBe(
      'Friday 4 December',
    );
    expect(formatDate('2026-12-04', 'de', { weekday: 'long', style: 'long', year: false })).toBe(
      'Freitag, 4. Dezember',
    );
    expect(formatDate('2026-12-04', 'fr', { weekday: 'long', style: 'long', year: false })).toBe(
      'vendredi 4 décembre',
    );
    expect(formatDate('2026-12-04', 'sq', { weekday: 'long', style: 'long', year: false })).toBe(
      'e premte, 4 dhjetor',
    );

    expect(formatDate('2026-07-13', 'de', { weekday: 'short', style: 'numeric' })).toBe('Mo. 13.07.2026');
    expect(formatDate('2026-07-13', 'sq', { weekday: 'short', style: 'numeric' })).toBe('hën 13.07.2026');
  });

  it('names every Albanian month and weekday in lower case, as Albanian writes them', () => {
    expect(Array.from({ length: 12 }, (_, index) => monthName(index + 1, 'sq'))).toEqual([
      'janar',
      'shkurt',
      'mars',
      'prill',
      'maj',
      'qershor',
      'korrik',
      'gusht',
      'shtator',
      'tetor',
      'nëntor',
      'dhjetor',
    ]);
    expect(Array.from({ length: 7 }, (_, index) => weekdayName(index + 1, 'sq', 'long'))).toEqual([
      'e hënë',
      'e martë',
      'e mërkurë',
      'e enjte',
      'e premte',
      'e shtunë',
      'e diel',
    ]);
    expect(Array.from({ length: 7 }, (_, index) => weekdayName(index + 1, 'sq'))).toEqual([
      'hën',
      'mar',
      'mër',
      'enj',
      'pre',
      'sht',
      'die',
    ]);
    expect(weekdayName(1, 'de')).toBe('Mo.');
    expect(weekdayName(7, 'fr', 'long')).toBe('dimanche');
    expect(monthName(3, 'de', 'short')).toBe('März');
  });

  it('reads an instant in the given time zone, Zurich by default', () => {
    expect(formatDate(MORNING, 'en')).toBe('26 Nov 2026');
    // 23:30 UTC on the 25th is already the 26th in Zurich, still the 25th in London.
    expect(formatDate('2026-11-25T23:30:00Z', 'en', { style: 'numeric' })).toBe('26.11.2026');
    expect(formatDate('2026-11-25T23:30:00Z', 'en', { style: 'numeric', timeZone: 'Europe/London' })).toBe(
      '25.11.2026',
    );
    expect(calendarDate('2026-11-25T23:30:00Z')).toBe('2026-11-26');
    expect(calendarDate(new Date('2026-11-25T23:30:00Z'), 'UTC')).toBe('2026-11-25');
    expect(wallClock('2026-07-13T05:05:00Z', 'Europe/Tirane')).toEqual({
      year: 2026,
      month: 7,
      day: 13,
      hour: 7,
      minute: 5,
      weekday: 1,
    });
  });

  it('shows an unreadable value as it is instead of a wrong date', () => {
    expect(formatDate('2026-13-45', 'en')).toBe('2026-13-45');
    expect(formatDate('soon', 'de')).toBe('soon');
    expect(formatDateTime(Number.NaN, 'de')).toBe('');
    expect(calendarDate('not a date')).toBe('');
  });
});

describe('times', () => {
  it('prints 24-hour HH:mm in every language', () => {
    for (const locale of LOCALES) {
      expect(formatDateTime(MORNING, locale, { style: 'numeric' }), locale).toBe('26.11.2026 06:30');
    }
    expect(formatTime(MORNING)).toBe('06:30');
    expect(formatTime('2026-11-26T17:05:00Z')).toBe('18:05');
    expect(formatTime('2026-11-26T23:00:00Z')).toBe('00:00');
    expect(formatTime('2026-07-13T05:05:00Z', 'Europe/Tirane')).toBe('07:05');
    expect(formatTime('6:30')).toBe('06:30');
    expect(formatTime('18:05:00')).toBe('18:05');
  });

  it('joins date and time per style', () => {
    expect(formatDateTime(MORNING, 'en')).toBe('26 Nov 2026, 06:30');
    expect(formatDateTime(MORNING, 'de', { weekday: 'short' })).toBe('Do., 26. Nov. 2026, 06:30');
    expect(formatDateTime(MORNING, 'fr', { weekday: 'short' })).toBe('jeu. 26 nov. 2026, 06:30');
    expect(formatDateTime(MORNING, 'sq', { weekday: 'short' })).toBe('enj, 26 nën 2026, 06:30');
    // Summer time: 05:30 UTC is 07:30 in Zurich in July.
    expect(formatDateTime('2026-07-13T05:30:00Z', 'de', { style: 'numeric' })).toBe('13.07.2026 07:30');
  });
});

describe('money', () => {
  it('has one format per language: CHF first, apostrophe thousands except in English', () => {
    expect(formatMoney(123450, 'en')).toBe('CHF\u00a01,234.50');
    expect(formatMoney(123450, 'de')).toBe("CHF\u00a01'234.50");
    expect(formatMoney(123450, 'fr')).toBe("CHF\u00a01'234.50");
    expect(formatMoney(123450, 'sq')).toBe("CHF\u00a01'234.50");
    expect(formatMoney(17710, 'de')).toBe('CHF\u00a0177.10');
    expect(formatMoney(17710, 'sq')).toBe('CHF\u00a0177.10');
  });

  it('prints small amounts, zero and large amounts exactly', () => {
    expect(formatMoney(5, 'en')).toBe('CHF\u00a00.05');
    expect(formatMoney(0, 'de')).toBe('CHF\u00a00.00');
    expect(formatMoney(100000000, 'fr')).toBe("CHF\u00a01'000'000.00");
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'en')).toBe('CHF\u00a090,071,992,547,409.91');
  });

  it('puts the sign after the currency code', () => {
    expect(formatMoney(-123450, 'en')).toBe('CHF\u00a0-1,234.50');
    expect(formatMoney(2990, 'de', { signed: true })).toBe('CHF\u00a0+29.90');
    expect(formatMoney(0, 'de', { signed: true })).toBe('CHF\u00a00.00');
    expect(formatMoney(-2990, 'sq', { signed: true })).toBe('CHF\u00a0-29.90');
    expect(formatMoney(-2500, 'de')).toBe('CHF\u00a0-25.00');
    expect(formatMoney(-5, 'sq')).toBe('CHF\u00a0-0.05');
  });

  it('prints the bare amount for columns headed CHF', () => {
    expect(formatAmount(1594550, 'en')).toBe('15,945.50');
    expect(formatAmount(1594550, 'sq')).toBe("15'945.50");
    expect(formatAmount(-1205075, 'de')).toBe("-12'050.75");
  });

  it('takes CHF amounts as the API sends them without float noise', () => {
    expect(formatChf(1.15, 'en')).toBe('CHF\u00a01.15');
    expect(formatChf(1075.9, 'de')).toBe("CHF\u00a01'075.90");
    expect(formatChf(-0.1, 'fr')).toBe('CHF\u00a0-0.10');
    expect(formatChf(19.99, 'sq')).toBe('CHF\u00a019.99');
  });
});

describe('numbers', () => {
  it('groups thousands like money and rounds to the decimals asked for', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234.5, 'de', 2)).toBe("1'234.50");
    expect(formatNumber(12.5, 'sq', 2)).toBe('12.50');
    expect(formatNumber(-1234.567, 'fr', 1)).toBe("-1'234.6");
    expect(formatNumber(-0.001, 'en', 2)).toBe('0.00');
  });
});

describe('without the runtime’s locale data', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /**
   * Browsers and Node builds without data for a language (Debian's Chromium and small-icu have no
   * `sq`) quietly fall back to another locale. This Intl only knows 'en-US' and refuses the rest,
   * so any formatting that leaned on the runtime's Albanian data would fail here.
   */
  it('prints the same Albanian, German and French texts', async () => {
    const asked: string[] = [];
    const onlyEnUs = (locales: unknown) => {
      const wanted = [locales ?? 'default'].flat().map(String);
      asked.push(...wanted);
      if (wanted.some((locale) => locale !== 'en-US')) throw new RangeError(`no data for ${wanted}`);
    };
    const { DateTimeFormat, NumberFormat } = Intl;
    class EnUsDateTimeFormat extends DateTimeFormat {
      constructor(locales?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
        onlyEnUs(locales);
        super(locales, options);
      }
    }
    class EnUsNumberFormat extends NumberFormat {
      constructor(locales?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) {
        onlyEnUs(locales);
        super(locales, options);
      }
    }
    vi.stubGlobal('Intl', { ...Intl, DateTimeFormat: EnUsDateTimeFormat, NumberFormat: EnUsNumberFormat });
    vi.resetModules();
    const format = await import('./format.ts');

    expect(format.formatDateTime(MORNING, 'sq', { weekday: 'short' })).toBe('enj, 26 nën 2026, 06:30');
    expect(format.formatDate('2026-12-04', 'sq', { weekday: 'long', style: 'long', year: false })).toBe(
      'e premte, 4 dhjetor',
    );
    expect(format.formatDateTime('2026-07-13T05:05:00Z', 'sq', { timeZone: 'Europe/Tirane' })).toBe(
      '13 korr 2026, 07:05',
    );
    expect(format.formatDateTime(MORNING, 'de', { weekday: 'short' })).toBe('Do., 26. Nov. 2026, 06:30');
    expect(format.formatDate(MORNING, 'fr', { style: 'long' })).toBe('26 novembre 2026');
    expect(format.formatTime('2026-11-26T17:05:00Z')).toBe('18:05');
    expect(format.formatMoney(-123450, 'sq')).toBe("CHF\u00a0-1'234.50");
    expect(format.formatNumber(1234.5, 'de', 2)).toBe("1'234.50");
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set(['en-US']));
  });
});
