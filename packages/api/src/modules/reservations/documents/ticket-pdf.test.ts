import { describe, expect, it } from 'vitest';
import { line, readPdf, returnTripReservation } from './document-fixtures.ts';
import { renderTicket } from './ticket-pdf.ts';

const issuedAt = new Date('2026-06-07T09:00:00Z');

describe('the e-ticket PDF', () => {
  it('prints one page per passenger with each flight in local time, tariff, seat and options (German)', async () => {
    const { text, pages, info } = readPdf(
      await renderTicket({ reservation: returnTripReservation(), paidState: 'paid', locale: 'de', issuedAt }),
    );

    expect(info).toMatch(/Title:\s+E-Ticket K7QX2M/);
    expect(pages).toHaveLength(3);
    const [adult, child, infant] = pages as [string, string, string];

    for (const page of pages) {
      expect(page).toContain('Flybook AG');
      expect(page).toContain('Flughofstrasse 50, CH-8152 Glattbrugg');
      expect(page).toContain('Buchungsreferenz K7QX2M · Ausgestellt am 07.06.2026');
      // The footer: the record locator for the traveller, the internal number for staff.
      expect(page).toMatch(/Buchungsreferenz K7QX2M · Reservation Nr\. 123 · Seite \d von 3/);
      expect(page).toMatch(line('Hinflug', 'Flybook Air · FB1402'));
      expect(page).toMatch(line('Rückflug', 'Flybook Air · FB1403'));
      // ZRH at 05:05 UTC in July is 07:05 summer time (CEST); Prishtina is on CEST too.
      expect(page).toMatch(line('Mo. 13.07.2026 07:05', 'Mo. 13.07.2026 09:10'));
      expect(page).toMatch(line('So. 26.07.2026 12:30', 'So. 26.07.2026 14:40'));
      expect(page).toMatch(line('Zürich Flughafen', 'Prishtinë Adem Jashari'));
      expect(page).toMatch(line('Prishtinë Adem Jashari', 'Zürich Flughafen'));
      expect(page).toMatch(line('ZRH', 'PRN', 'Economy Flex'));
      expect(page).toMatch(line('PRN', 'ZRH', 'Economy Light'));
      expect(page).not.toContain('Nicht bezahlt');
      expect(page).not.toContain('erst zum Reisen gültig');
      expect(page).not.toContain('CHF');
    }

    expect(adult).toMatch(line('Passagier', 'Herr Arbën Gashi'));
    expect(adult).toMatch(line('Alterskategorie', 'Erwachsener'));
    expect(adult).toMatch(line('Optionen für die Reise', 'Reiseversicherung'));
    expect(adult).toMatch(line('Mo. 13.07.2026 07:05', 'Mo. 13.07.2026 09:10', '12A'));
    expect(adult).toMatch(line('So. 26.07.2026 12:30', 'So. 26.07.2026 14:40', '14C'));
    expect(adult.match(/Optionen: Zusatzgepäck 23 kg/g)).toHaveLength(2);

    expect(child).toMatch(line('Passagier', 'Herr Jürgen Großmann'));
    expect(child).toMatch(line('Alterskategorie', 'Kind, geboren am 03.09.2016'));
    expect(child).toMatch(line('Mo. 13.07.2026 07:05', 'Mo. 13.07.2026 09:10', '12B'));
    expect(child).toMatch(line('So. 26.07.2026 12:30', 'So. 26.07.2026 14:40', '14D'));
    expect(child).toContain('Optionen: Kindermenü');
    expect(child).toContain('Optionen: Keine');
    expect(child).not.toContain('Reiseversicherung');

    expect(infant).toMatch(line('Passagier', 'Frau Ëmira Çeku'));
    expect(infant).toMatch(line('Alterskategorie', 'Kleinkind, geboren am 01.09.2025'));
    expect(infant).toMatch(line('Mo. 13.07.2026 07:05', 'Mo. 13.07.2026 09:10', 'Kein Sitzplatz'));
    expect(infant).toMatch(line('So. 26.07.2026 12:30', 'So. 26.07.2026 14:40', 'Kein Sitzplatz'));
    expect(infant.match(/Optionen: Keine/g)).toHaveLength(2);

    expect(text).toContain('Seite 1 von 3');
    expect(text).toContain('Seite 3 von 3');
  });

  it('says on every page that a ticket not paid in full is not valid for travel', async () => {
    const reservation = returnTripReservation();
    const { pages } = readPdf(
      await renderTicket({ reservation, paidState: 'notPaid', locale: 'en', issuedAt }),
    );

    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page.replace(/\s+/g, ' ')).toContain(
        'Not paid: this ticket is not valid for travel until the reservation is paid in full.',
      );
    }
    expect(pages[0]).toMatch(line('Passenger', 'Mr Arbën Gashi'));
    expect(pages[2]).toMatch(line('Mon 13.07.2026 07:05', 'Mon 13.07.2026 09:10', 'No seat'));

    const { text: partly } = readPdf(
      await renderTicket({ reservation, paidState: 'partlyPaid', locale: 'en', issuedAt }),
    );
    expect(partly.replace(/\s+/g, ' ')).toContain(
      'Partly paid: this ticket is not valid for travel until the reservation is paid in full.',
    );

    const { text: paid } = readPdf(
      await renderTicket({ reservation, paidState: 'paid', locale: 'en', issuedAt }),
    );
    expect(paid).not.toContain('not valid for travel');
  });

  it('is written in Albanian and French with the letters kept', async () => {
    const reservation = returnTripReservation();
    const { text: albanian, info } = readPdf(
      await renderTicket({ reservation, paidState: 'notPaid', locale: 'sq', issuedAt }),
    );

    expect(info).toMatch(/Title:\s+Biletë elektronike K7QX2M/);
    expect(albanian).toContain('Referenca e rezervimit K7QX2M · Lëshuar më 07.06.2026');
    expect(albanian.replace(/\s+/g, ' ')).toContain(
      'Pa paguar: kjo biletë nuk është e vlefshme për udhëtim derisa rezervimi të paguhet plotësisht.',
    );
    expect(albanian).toMatch(line('Pasagjeri', 'Z. Arbën Gashi'));
    expect(albanian).toMatch(line('Pasagjeri', 'Znj. Ëmira Çeku'));
    expect(albanian).toMatch(line('Fluturimi vajtje', 'Flybook Air · FB1402'));
    expect(albanian).toMatch(line('hën 13.07.2026 07:05', 'hën 13.07.2026 09:10', '12A'));
    expect(albanian).toMatch(line('die 26.07.2026 12:30', 'die 26.07.2026 14:40', 'Pa vend'));

    const { text: french } = readPdf(
      await renderTicket({ reservation, paidState: 'paid', locale: 'fr', issuedAt }),
    );
    expect(french).toMatch(line('Passager', 'M. Jürgen Großmann'));
    expect(french).toMatch(line('lun. 13.07.2026 07:05', 'lun. 13.07.2026 09:10', '12B'));
    expect(french).toMatch(line('Vol retour', 'Flybook Air · FB1403'));
  });

  it('prints a winter departure from Zürich in CET, one hour ahead of UTC', async () => {
    const reservation = returnTripReservation();
    reservation.flights[0] = {
      ...reservation.flights[0]!,
      departure: '2026-12-20T06:00:00Z',
      arrival: '2026-12-20T08:15:00Z',
    };
    const { pages } = readPdf(await renderTicket({ reservation, paidState: 'paid', locale: 'en', issuedAt }));

    expect(pages[0]).toMatch(line('Sun 20.12.2026 07:00', 'Sun 20.12.2026 09:15', '12A'));
  });
});
