import { describe, expect, it } from 'vitest';
import type { DocumentReservation } from '../../../platform/documents/reservation-document.ts';
import { amountsIn, chf, line, readPdf, returnTripReservation, sum } from './document-fixtures.ts';
import { renderInvoice } from './invoice-pdf.ts';

/** The printed lines from the one starting with `from` to the one starting with `to`, both included. */
function section(text: string, from: string, to: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((printed) => printed.trim().startsWith(from));
  const end = lines.findIndex((printed, index) => index > start && printed.trim().startsWith(to));
  expect(start, `line starting with ${from}`).toBeGreaterThanOrEqual(0);
  expect(end, `line starting with ${to}`).toBeGreaterThan(start);
  return lines.slice(start, end + 1).join('\n');
}

const withInvoice = (changes: Partial<DocumentReservation['invoice']>): DocumentReservation => {
  const reservation = returnTripReservation();
  return { ...reservation, invoice: { ...reservation.invoice, ...changes } };
};

describe('the invoice PDF', () => {
  it('lists every price part per passenger and flight, and the totals add up (English)', async () => {
    const reservation = returnTripReservation();
    const { text, info } = readPdf(await renderInvoice({ reservation, locale: 'en' }));

    expect(info).toMatch(/Title:\s+Invoice 4711/);
    // Issuer, billing address and invoice facts.
    expect(text).toContain('Flybook AG');
    expect(text).toContain('Flughofstrasse 50, CH-8152 Glattbrugg');
    expect(text).toMatch(line('Mr Arbën Gashi', 'Invoice date', '06.06.2026'));
    expect(text).toMatch(line('Weissenbühlweg 12', 'Booking reference', 'K7QX2M'));
    expect(text).toMatch(line('3007 Bern', 'Payment terms', 'Payment by invoice'));
    expect(text).toMatch(line('Schweiz', 'Payment deadline', '20.06.2026'));
    expect(text).toMatch(line('Payment status', 'Partly paid'));
    expect(text).toMatch(line('Invoice no.', '4711'));
    expect(text).toMatch(line('Invoice 4711', 'PARTLY PAID'));

    const [adult, child, infant] = reservation.passengers as [
      (typeof reservation.passengers)[0],
      (typeof reservation.passengers)[0],
      (typeof reservation.passengers)[0],
    ];
    const adultLines = section(text, 'Mr Arbën Gashi · Adult', 'Total for Mr Arbën Gashi');
    expect(adultLines).toMatch(line('Outbound flight FB1402 · ZRH–PRN · 13.07.2026 · Economy Flex'));
    expect(adultLines).toMatch(line('Return flight FB1403 · PRN–ZRH · 26.07.2026 · Economy Light'));
    expect(adultLines).toMatch(line('Base fare', chf(18_900, 'en')));
    expect(adultLines).toMatch(line('Airport fee', chf(3_550, 'en')));
    expect(adultLines).toMatch(line('Fuel surcharge', chf(2_400, 'en')));
    expect(adultLines).toMatch(line('Seat reservation 12A', chf(1_500, 'en')));
    expect(adultLines).toMatch(line('Base fare', chf(16_900, 'en')));
    expect(adultLines).toMatch(line('Airport fee', chf(2_875, 'en')));
    expect(adultLines).toMatch(line('Seat reservation 14C', chf(1_500, 'en')));
    expect(
      adultLines.match(new RegExp(line('Zusatzgepäck 23 kg', chf(4_500, 'en')).source, 'g')),
    ).toHaveLength(2);
    expect(adultLines).toMatch(line('Reiseversicherung', chf(2_990, 'en')));
    expect(adultLines).toMatch(line('Total for Mr Arbën Gashi', chf(62_015, 'en')));
    expect(adult.total).toBe(62_015);
    // The lines above the passenger's total add up to it.
    const adultAmounts = amountsIn(adultLines, 'en');
    expect(adultAmounts).toHaveLength(12);
    expect(sum(adultAmounts.slice(0, -1))).toBe(adultAmounts.at(-1));

    const childLines = section(text, 'Mr Jürgen Großmann · Child', 'Total for Mr Jürgen Großmann');
    expect(childLines).toMatch(line('Seat reservation 12B', chf(1_500, 'en')));
    expect(childLines).toMatch(line('Seat reservation 14D', chf(0, 'en')));
    expect(childLines).toMatch(line('Kindermenü', chf(950, 'en')));
    expect(childLines).toMatch(line('Total for Mr Jürgen Großmann', chf(child.total, 'en')));
    const childAmounts = amountsIn(childLines, 'en');
    expect(sum(childAmounts.slice(0, -1))).toBe(childAmounts.at(-1));
    expect(childAmounts.at(-1)).toBe(40_575);

    const infantLines = section(text, 'Mrs Ëmira Çeku · Infant', 'Total for Mrs Ëmira Çeku');
    expect(infantLines).not.toContain('Seat');
    expect(infantLines.match(new RegExp(line('Base fare', chf(2_500, 'en')).source, 'g'))).toHaveLength(2);
    const infantAmounts = amountsIn(infantLines, 'en');
    expect(sum(infantAmounts.slice(0, -1))).toBe(infantAmounts.at(-1));
    expect(infantAmounts.at(-1)).toBe(infant.total);

    // 620.15 + 405.75 + 50.00 = 1,075.90; 300.00 paid leaves 775.90.
    const total = adult.total + child.total + infant.total;
    expect(total).toBe(107_590);
    expect(reservation.invoice.total).toBe(total);
    expect(text).toMatch(line('Total', 'CHF 1,075.90'));
    expect(text).toMatch(line('Paid so far', 'CHF 300.00'));
    expect(text).toMatch(line('Still to pay', 'CHF 775.90'));
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Please pay CHF 775.90 by 20.06.2026 to the account below, quoting the booking reference K7QX2M.',
    );
    expect(text).toMatch(line('IBAN', 'CH93 0076 2011 6238 5295 7'));
  });

  it('shows a paid invoice as paid in German, with nothing left to pay', async () => {
    const reservation = withInvoice({ status: 'paid', totalPaid: 107_590, paymentTerms: 'now' });
    const { text } = readPdf(await renderInvoice({ reservation, locale: 'de' }));

    expect(text).toMatch(line('Rechnung 4711', 'BEZAHLT'));
    expect(text).toMatch(line('Zahlungsstatus', 'Bezahlt'));
    expect(text).toMatch(line('Zahlungsbedingungen', 'Sofortige Zahlung'));
    expect(text).toMatch(line('Herr Arbën Gashi · Erwachsener'));
    expect(text).toMatch(line('Frau Ëmira Çeku · Kleinkind'));
    expect(text).toMatch(line('Hinflug FB1402 · ZRH–PRN · 13.07.2026 · Economy Flex'));
    expect(text).toMatch(line('Grundtarif', 'CHF 189.00'));
    expect(text).toMatch(line('Flughafengebühr', 'CHF 35.50'));
    expect(text).toMatch(line('Treibstoffzuschlag', 'CHF 24.00'));
    expect(text).toMatch(line('Sitzplatzreservation 12A', 'CHF 15.00'));
    expect(text).toMatch(line('Total für Herr Jürgen Großmann', 'CHF 405.75'));
    expect(text).toMatch(line('Total', "CHF 1'075.90"));
    expect(text).toMatch(line('Bereits bezahlt', "CHF 1'075.90"));
    expect(text).toMatch(line('Noch zu bezahlen', 'CHF 0.00'));
    expect(text).toContain('Diese Rechnung ist vollständig bezahlt.');
    expect(text).not.toContain('IBAN');
  });

  it('shows an overpaid amount and a not-paid invoice as not paid', async () => {
    const { text: overpaid } = readPdf(
      await renderInvoice({
        reservation: withInvoice({ status: 'overpaid', totalPaid: 110_000 }),
        locale: 'en',
      }),
    );
    expect(overpaid).toMatch(line('Payment status', 'Paid'));
    expect(overpaid).toMatch(line('Paid so far', 'CHF 1,100.00'));
    expect(overpaid).toMatch(line('Overpaid', 'CHF 24.10'));
    expect(overpaid).not.toContain('Still to pay');

    const { text: unpaid } = readPdf(
      await renderInvoice({ reservation: withInvoice({ status: 'notPaid', totalPaid: 0 }), locale: 'sq' }),
    );
    expect(unpaid).toMatch(line('Fatura 4711', 'PA PAGUAR'));
    expect(unpaid).toMatch(line('Statusi i pagesës', 'Pa paguar'));
    expect(unpaid).toMatch(line('Z. Arbën Gashi · I rritur'));
    expect(unpaid).toMatch(line('Tarifa bazë', 'CHF 189.00'));
    expect(unpaid).toMatch(line('Gjithsej', "CHF 1'075.90"));
    expect(unpaid).toMatch(line('Paguar deri tani', 'CHF 0.00'));
    expect(unpaid).toMatch(line('Mbetet për t’u paguar', "CHF 1'075.90"));
  });

  it('reconciles a cancelled reservation in Albanian: its total, the cancellation on its day, the fee', async () => {
    const reservation = withInvoice({
      status: 'notPaid',
      total: 5_000,
      totalPaid: 0,
      cancellation: { originalTotal: 107_590, cancelledAt: '2026-06-18T09:30:00Z' },
    });
    const { text } = readPdf(await renderInvoice({ reservation, locale: 'sq' }));
    expect(text).toMatch(line('Totali i rezervimit', "CHF 1'075.90"));
    expect(text).toMatch(line('Anulimi më 18.06.2026', "CHF -1'075.90"));
    expect(text).toMatch(line('Tarifa e anulimit', 'CHF 50.00'));
    expect(text).toMatch(line('Mbetet për t’u paguar', 'CHF 50.00'));
  });

  it('with an agreed price lists the items without amounts and prices only the agreed total', async () => {
    const reservation = withInvoice({ isSpecificPrice: true, total: 150_000, totalPaid: 50_000 });
    const { text } = readPdf(await renderInvoice({ reservation, locale: 'fr' }));

    expect(text).toMatch(line('M. Arbën Gashi · Adulte'));
    expect(text).toMatch(line('Mme Ëmira Çeku · Bébé'));
    expect(text).toMatch(line('Vol aller FB1402 · ZRH–PRN · 13.07.2026 · Economy Flex'));
    for (const item of [
      'Tarif de base',
      'Taxe d’aéroport',
      'Supplément carburant',
      'Réservation du siège 12A',
    ]) {
      const printed = text.split('\n').filter((printed) => printed.includes(item));
      expect(printed.length, item).toBeGreaterThan(0);
      for (const itemLine of printed) expect(itemLine, item).not.toContain('CHF');
    }
    expect(text).not.toContain('Total pour');
    // The agreed total, what is paid, what is left, and the amount to transfer: nothing else is priced.
    expect(amountsIn(text, 'fr')).toEqual([150_000, 50_000, 100_000, 100_000]);
    expect(text.match(/CHF/g)).toHaveLength(4);
    expect(text).toMatch(line('Prix total convenu', "CHF 1'500.00"));
    expect(text).toMatch(line('Déjà payé', 'CHF 500.00'));
    expect(text).toMatch(line('Reste à payer', "CHF 1'000.00"));
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Un prix total a été convenu pour cette réservation ; les différentes prestations ne sont pas facturées séparément.',
    );
  });
});
