import { describe, expect, it } from 'vitest';
import { amountsIn, line, readPdf, returnTripReservation, sum } from './document-fixtures.ts';
import { renderReservationOverview } from './overview-pdf.ts';

const generatedAt = new Date('2026-06-07T09:00:00Z');

describe('the reservation overview PDF', () => {
  it('summarises status, flights, passengers with seats and options, contact and prices (German)', async () => {
    const reservation = returnTripReservation();
    const { text, pages, info } = readPdf(
      await renderReservationOverview({ reservation, locale: 'de', generatedAt }),
    );

    expect(info).toMatch(/Title:\s+Reservationsübersicht K7QX2M/);
    expect(pages).toHaveLength(1);
    expect(text).toContain('Buchungsreferenz K7QX2M');
    expect(text).toMatch(line('Reservationsstatus', 'Bestätigt'));
    expect(text).toMatch(line('Gebucht am', '06.06.2026'));
    expect(text).toMatch(line('Zahlungsbedingungen', 'Zahlung auf Rechnung'));
    expect(text).toMatch(line('Zahlungsfrist', '20.06.2026'));
    expect(text).toMatch(line('Zahlungsstatus', 'Teilweise bezahlt'));

    // Flights: direction, number, route, local times (ZRH in July is on CEST), tariff.
    expect(text).toMatch(
      line('Hinflug', 'ZRH Zürich Flughafen', 'Mo. 13.07.2026 07:05', 'Mo. 13.07.2026 09:10', 'Economy Flex'),
    );
    expect(text).toMatch(line('FB1402 · Flybook Air', 'PRN Prishtinë Adem Jashari'));
    expect(text).toMatch(
      line(
        'Rückflug',
        'PRN Prishtinë Adem Jashari',
        'So. 26.07.2026 12:30',
        'So. 26.07.2026 14:40',
        'Economy Light',
      ),
    );

    // Passengers with birthday, seats per flight and options.
    expect(text).toMatch(
      line('Herr Arbën Gashi', '12.04.1985', 'FB1402: 12A', 'Zusatzgepäck 23 kg (FB1402)'),
    );
    expect(text).toMatch(line('Erwachsener', 'FB1403: 14C', 'Zusatzgepäck 23 kg (FB1403)'));
    expect(text).toMatch(/^\s+Reiseversicherung\s*$/m);
    expect(text).toMatch(line('Herr Jürgen Großmann', '03.09.2016', 'FB1402: 12B', 'Kindermenü (FB1402)'));
    expect(text).toMatch(line('Kind', 'FB1403: 14D'));
    expect(text).toMatch(line('Frau Ëmira Çeku', '01.09.2025', 'FB1402: Kein Sitzplatz', 'Keine'));
    expect(text).toMatch(line('Kleinkind', 'FB1403: Kein Sitzplatz'));

    // Contact.
    expect(text).toMatch(line('Adresse', 'Herr Arbën Gashi'));
    expect(text).toMatch(/^\s+Weissenbühlweg 12\s*$/m);
    expect(text).toMatch(line('E-Mail', 'arben.gashi@example.ch'));
    expect(text).toMatch(line('Mobiltelefon', '+41 79 123 45 67'));

    // Price summary: the passengers add up to the total; paid and still to pay make the total.
    expect(text).toContain('Preisübersicht');
    expect(text).toMatch(line('Herr Arbën Gashi · Erwachsener', 'CHF 620.15'));
    expect(text).toMatch(line('Herr Jürgen Großmann · Kind', 'CHF 405.75'));
    expect(text).toMatch(line('Frau Ëmira Çeku · Kleinkind', 'CHF 50.00'));
    expect(text).toMatch(line('Total', "CHF 1'075.90"));
    expect(text).toMatch(line('Bereits bezahlt', 'CHF 300.00'));
    expect(text).toMatch(line('Noch zu bezahlen', 'CHF 775.90'));
    const [adult, child, infant, total, paid, outstanding] = amountsIn(text, 'de');
    expect(adult! + child! + infant!).toBe(total);
    expect(paid! + outstanding!).toBe(total);
    expect(total).toBe(sum(reservation.passengers.map((passenger) => passenger.total)));
  });

  it('shows no amounts and nothing about payment when the price needs to be hidden (Albanian)', async () => {
    const reservation = { ...returnTripReservation(), priceNeedsToBeHidden: true };
    const { text } = readPdf(await renderReservationOverview({ reservation, locale: 'sq', generatedAt }));

    expect(text).not.toContain('CHF');
    expect(text).not.toMatch(/\d+[.,]\d{2}\b(?!\.)/);
    expect(text).not.toContain('Përmbledhja e çmimit');
    expect(text).not.toContain('Kushtet e pagesës');
    expect(text).not.toContain('Statusi i pagesës');
    // Everything else is still there, with the Albanian and German letters intact.
    expect(text).toContain('Përmbledhja e rezervimit');
    expect(text).toMatch(line('Statusi i rezervimit', 'Konfirmuar'));
    expect(text).toMatch(line('Fluturimi vajtje', 'ZRH Zürich Flughafen', 'hën 13.07.2026 07:05'));
    expect(text).toMatch(line('Z. Arbën Gashi', '12.04.1985', 'FB1402: 12A'));
    expect(text).toMatch(line('Z. Jürgen Großmann', '03.09.2016', 'FB1402: 12B'));
    expect(text).toMatch(line('Znj. Ëmira Çeku', '01.09.2025', 'FB1402: Pa vend', 'Asnjë'));
    expect(text).toMatch(line('Foshnjë', 'FB1403: Pa vend'));
    expect(text).toMatch(line('Telefoni celular', '+41 79 123 45 67'));
  });

  it('with an agreed price shows only the agreed total, not the passengers’ prices (English)', async () => {
    const base = returnTripReservation();
    const reservation = {
      ...base,
      invoice: {
        ...base.invoice,
        isSpecificPrice: true,
        total: 99_900,
        totalPaid: 99_900,
        status: 'paid' as const,
      },
    };
    const { text } = readPdf(await renderReservationOverview({ reservation, locale: 'en', generatedAt }));

    expect(text).toMatch(line('Payment status', 'Paid'));
    expect(text).toContain('Price summary');
    expect(text).toMatch(line('Agreed total price', 'CHF 999.00'));
    expect(text).toMatch(line('Paid so far', 'CHF 999.00'));
    expect(text).toMatch(line('Still to pay', 'CHF 0.00'));
    expect(amountsIn(text, 'en')).toEqual([99_900, 99_900, 0]);
    expect(text).not.toMatch(line('Mr Arbën Gashi · Adult'));
  });
});
