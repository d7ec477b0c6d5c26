import { describe, expect, it } from 'vitest';
import { amountsIn, chf, line, readPdf } from '../../reservations/documents/document-fixtures.ts';
import { type CreditNoteInput, renderCreditNote } from './credit-note-pdf.ts';

/**
 * The cancelled return trip Zürich–Prishtina of the reservation documents' fixture: CHF 1,075.90
 * paid, CHF 150.00 cancellation fee, CHF 925.90 refunded, part to the card and part to the account.
 */
const creditNote = (changes: Partial<CreditNoteInput['creditNote']> = {}): CreditNoteInput => ({
  reservation: {
    id: 123,
    recordLocator: 'K7QX2M',
    billing: {
      salutation: 'mr',
      firstName: 'Arbën',
      lastName: 'Gashi',
      street: 'Weissenbühlweg 12',
      zip: '3007',
      city: 'Bern',
      country: 'CH',
      countryName: 'Switzerland',
    },
    flights: [
      {
        number: 'FB1402',
        origin: 'ZRH',
        destination: 'PRN',
        departure: new Date('2026-07-13T05:05:00Z'),
        originTimezone: 'Europe/Zurich',
      },
      {
        number: 'FB1403',
        origin: 'PRN',
        destination: 'ZRH',
        departure: new Date('2026-07-26T10:30:00Z'),
        originTimezone: 'Europe/Belgrade',
      },
    ],
    passengers: ['Arbën Gashi', 'Jürgen Großmann', 'Ëmira Çeku'],
  },
  creditNote: {
    id: 812,
    createdAt: new Date('2026-06-20T09:00:00Z'),
    paid: 107_590,
    fee: 15_000,
    refund: 92_590,
    parts: [
      { method: 'datatrans', amount: 50_000 },
      { method: 'account', amount: 42_590 },
    ],
    ...changes,
  },
  locale: 'en',
  generatedAt: new Date('2026-06-20T09:05:00Z'),
});

describe('the credit note PDF', () => {
  it('shows paid − fee = refund and where each part of the refund went (English)', async () => {
    const input = creditNote();
    const { text, pages, info } = readPdf(await renderCreditNote(input));

    expect(info).toMatch(/Title:\s+Credit note 812/);
    expect(pages).toHaveLength(1);
    expect(text).toContain('Flybook AG');
    expect(text).toMatch(line('Billing address', 'Credit note no.', '812'));
    expect(text).toMatch(line('Mr Arbën Gashi', 'Date', '20.06.2026'));
    expect(text).toMatch(line('Weissenbühlweg 12', 'Booking reference', 'K7QX2M'));
    expect(text).toMatch(/^3007 Bern\s*$/m);
    expect(text).toMatch(/^Switzerland\s*$/m);
    expect(text).toMatch(/^Credit note\s*$/m);
    expect(text).toContain('Cancellation of booking K7QX2M');

    // Cancelled flights with the departure in the origin's local time, and the passengers.
    expect(text).toMatch(line('FB1402', 'ZRH–PRN', 'Mon 13.07.2026 07:05'));
    expect(text).toMatch(line('FB1403', 'PRN–ZRH', 'Sun 26.07.2026 12:30'));
    for (const name of ['Arbën Gashi', 'Jürgen Großmann', 'Ëmira Çeku'])
      expect(text).toMatch(new RegExp(`^${name}\\s*$`, 'm'));

    const { paid, fee, refund } = input.creditNote;
    expect(paid - fee).toBe(refund);
    expect(text).toMatch(line('Amount paid', chf(paid, 'en')));
    expect(text).toMatch(line('Cancellation fee', `− ${chf(fee, 'en')}`));
    expect(text).toMatch(line('Refund', chf(refund, 'en')));
    expect(text).toMatch(line('Refund', 'CHF 925.90'));

    expect(text).toMatch(line('Paid to', 'Amount'));
    expect(text).toMatch(line('Payment card', 'CHF 500.00'));
    expect(text).toMatch(line('Customer account with Flybook', 'CHF 425.90'));
    expect(text).toContain('A refund to a payment card can take a few working days');
    // Paid, fee, refund, then the parts: paid − fee = refund = the sum of the parts.
    const [printedPaid, printedFee, printedRefund, ...parts] = amountsIn(text, 'en');
    expect(printedPaid! - printedFee!).toBe(printedRefund);
    expect(parts.reduce((total, part) => total + part, 0)).toBe(printedRefund);
    expect(text).toContain('Booking reference K7QX2M · Reservation no. 123 · Page 1 of 1');
  });

  it('prints the German texts, the cash desk and bank transfer, and the country in German', async () => {
    const input = creditNote({
      paid: 62_015,
      fee: 12_000,
      refund: 50_015,
      parts: [
        { method: 'cash', amount: 20_000 },
        { method: 'transfer', amount: 30_015 },
      ],
    });
    const { text } = readPdf(
      await renderCreditNote({
        ...input,
        reservation: {
          ...input.reservation,
          billing: { ...input.reservation.billing, countryName: 'Schweiz' },
        },
        locale: 'de',
      }),
    );

    expect(text).toMatch(/^Gutschrift\s*$/m);
    expect(text).toContain('Annullierung der Buchung K7QX2M');
    expect(text).toMatch(line('Rechnungsadresse', 'Gutschrift-Nr.', '812'));
    expect(text).toMatch(line('Herr Arbën Gashi', 'Datum', '20.06.2026'));
    expect(text).toMatch(/^Schweiz\s*$/m);
    expect(text).toMatch(line('FB1402', 'ZRH–PRN', 'Mo. 13.07.2026 07:05'));
    expect(text).toMatch(line('Bezahlter Betrag', 'CHF 620.15'));
    expect(text).toMatch(line('Annullierungsgebühr', '− CHF 120.00'));
    expect(text).toMatch(line('Rückerstattung', 'CHF 500.15'));
    expect(text).toMatch(line('Kasse', 'CHF 200.00'));
    expect(text).toMatch(line('Banküberweisung', 'CHF 300.15'));
    expect(text).not.toContain('Zahlungskarte');
  });

  it('says that nothing is refunded when the fee takes the whole amount (French)', async () => {
    const input = creditNote({ paid: 15_000, fee: 15_000, refund: 0, parts: [] });
    const { text } = readPdf(
      await renderCreditNote({
        ...input,
        reservation: {
          ...input.reservation,
          billing: { ...input.reservation.billing, countryName: 'Suisse' },
        },
        locale: 'fr',
      }),
    );

    expect(text).toMatch(/^Note de crédit\s*$/m);
    expect(text).toMatch(line('Montant payé', 'CHF 150.00'));
    expect(text).toMatch(line('Frais d’annulation', '− CHF 150.00'));
    expect(text).toMatch(line('Remboursement', 'CHF 0.00'));
    expect(text).toContain('Aucun montant n’est remboursé pour cette annulation.');
    expect(text).toMatch(/^Suisse\s*$/m);
  });
});
