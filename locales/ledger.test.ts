import { BALANCE_LOG_TITLE_CODES, type BalanceLogTitle } from '@flybook/schemas';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale, resources } from './index.ts';
import { accountName, type LedgerRecordRef, recordDescription, recordTitle } from './ledger.ts';

const i18n = i18next.createInstance();
await i18n.init({ resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false });
const t = (locale: Locale) => i18n.getFixedT(locale);

/** One title of each code, with the parameters Flybook writes. */
const TITLES: Record<BalanceLogTitle['code'], BalanceLogTitle['params']> = {
  reservationPayment: { reservationId: 12, method: 'cash' },
  reservationRefund: { reservationId: 12, method: 'transfer' },
  overpaymentRefund: { reservationId: 12, method: 'datatrans' },
  cancellationFee: { reservationId: 12 },
  reservationSplit: { fromReservationId: 12, toReservationId: 13, method: 'bank' },
  cardTopUp: { refno: 'FB-TOPUP-7' },
  allotmentPayment: { allotmentInvoiceId: 4, method: 'cash' },
  accountTransfer: {},
};

const record = (overrides: Partial<LedgerRecordRef> = {}): LedgerRecordRef => ({
  title: 'as written',
  titleCode: null,
  titleParams: {},
  description: '',
  debitAccount: { displayName: 'Cash desk Zurich', virtualCode: 'CASH_ZRH' },
  creditAccount: { displayName: 'Vjosa Berisha', virtualCode: null },
  ...overrides,
});

describe('the ledger in the reader’s language', () => {
  it('renders every title code from its own text in all four languages, every parameter filled', () => {
    for (const code of BALANCE_LOG_TITLE_CODES) {
      for (const locale of LOCALES) {
        const text = recordTitle(t(locale), record({ titleCode: code, titleParams: TITLES[code] }));
        expect(text, `${code} in ${locale}`).not.toBe('as written');
        expect(text, `${code} in ${locale}`).not.toMatch(/\{\{|\}\}/);
      }
    }
    const refund = record({ titleCode: 'reservationRefund', titleParams: TITLES.reservationRefund });
    expect(LOCALES.map((locale) => recordTitle(t(locale), refund))).toEqual([
      'Rückerstattung Reservation 12',
      'Refund reservation 12',
      'Remboursement de la réservation 12',
      'Rimbursimi i rezervimit 12',
    ]);
  });

  it('titles a basic transaction by both accounts, a virtual one by its name in the language', () => {
    const transfer = record({ titleCode: 'accountTransfer', title: 'Cash desk Zurich → Vjosa Berisha' });
    expect(recordTitle(t('de'), transfer)).toBe('Kasse Zürich → Vjosa Berisha');
    expect(recordTitle(t('sq'), transfer)).toBe('Arka e Cyrihut → Vjosa Berisha');
    expect(recordTitle(t('en'), transfer)).toBe('Cash desk Zurich → Vjosa Berisha');
  });

  it('shows a title typed by hand, or of a code it does not know, as written', () => {
    expect(recordTitle(t('fr'), record({ title: 'Kassendifferenz' }))).toBe('Kassendifferenz');
    expect(recordTitle(t('fr'), record({ titleCode: 'somethingNewer', titleParams: { id: 1 } }))).toBe(
      'as written',
    );
  });

  it('shows the payment method of a record Flybook wrote by its name, any other description as typed', () => {
    const payment = record({
      titleCode: 'reservationPayment',
      titleParams: TITLES.reservationPayment,
      description: 'cash',
    });
    expect(LOCALES.map((locale) => recordDescription(t(locale), payment))).toEqual([
      'Bar',
      'Cash',
      'Espèces',
      'Para në dorë',
    ]);
    const overpayment = record({
      titleCode: 'overpaymentRefund',
      titleParams: TITLES.overpaymentRefund,
      description: 'overpayment',
    });
    expect(recordDescription(t('de'), overpayment)).toBe('Karte');
    const settlement = record({
      titleCode: 'allotmentPayment',
      titleParams: { allotmentInvoiceId: 4 },
      description: 'Kontingente Juni',
    });
    expect(recordDescription(t('fr'), settlement)).toBe('Kontingente Juni');
    expect(recordDescription(t('sq'), record({ description: 'cash' }))).toBe('cash');
  });

  it('names each shipped virtual account in every language, others by their stored name, people by theirs', () => {
    const codes = Object.keys(resources.en.translation.ledger.virtualAccounts);
    expect(codes).toEqual(
      expect.arrayContaining(['CASH_ZRH', 'BANK_EC', 'TRANSFER', 'REVENUE_TICKETS', 'RECEIVABLES']),
    );
    expect(accountName(t('de'), { displayName: 'Cash desk Zurich', virtualCode: 'CASH_ZRH' })).toBe(
      'Kasse Zürich',
    );
    expect(accountName(t('fr'), { displayName: 'Ticket revenue', virtualCode: 'REVENUE_TICKETS' })).toBe(
      'Produits des billets',
    );
    expect(accountName(t('sq'), { displayName: 'Cash desk Tirana', virtualCode: 'CASH_TIA' })).toBe(
      'Cash desk Tirana',
    );
    expect(accountName(t('de'), { displayName: 'Reisebüro Çelik', virtualCode: null })).toBe(
      'Reisebüro Çelik',
    );
  });
});
