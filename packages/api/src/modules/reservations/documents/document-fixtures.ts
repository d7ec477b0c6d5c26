import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  DocumentOption,
  DocumentPassenger,
  DocumentPassengerFlight,
  DocumentReservation,
} from '../../../platform/documents/reservation-document.ts';

/** Test data and helpers shared by the reservation document tests (not used by the renderers). */

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A passenger whose total is what their tickets and options add up to. */
function passenger(
  data: Omit<DocumentPassenger, 'total' | 'flights' | 'options'> & {
    flights: DocumentPassengerFlight[];
    options: DocumentOption[];
  },
): DocumentPassenger {
  const tickets = data.flights.map((f) => f.basePrice + f.airportFee + f.fuelFee + f.seatPrice);
  return { ...data, total: sum(tickets) + sum(data.options.map((option) => option.price)) };
}

export const OUTBOUND_ID = 501;
export const RETURN_ID = 502;

/**
 * A return trip Zürich–Prishtina in summer for an adult, a child and an infant without seat: the
 * outbound leaves ZRH at 05:05 UTC (07:05 summer time), the return leaves PRN on 26 July at 10:30 UTC
 * (12:30) and lands in Zürich at 12:40 UTC (14:40). Invoice partly paid, by bill.
 */
export function returnTripReservation(): DocumentReservation {
  const passengers = [
    passenger({
      id: 1,
      salutation: 'mr',
      firstName: 'Arbën',
      lastName: 'Gashi',
      ageType: 'adult',
      birthday: '1985-04-12',
      flights: [
        {
          flightId: OUTBOUND_ID,
          seatLabel: '12A',
          basePrice: 18_900,
          airportFee: 3_550,
          fuelFee: 2_400,
          seatPrice: 1_500,
        },
        {
          flightId: RETURN_ID,
          seatLabel: '14C',
          basePrice: 16_900,
          airportFee: 2_875,
          fuelFee: 2_400,
          seatPrice: 1_500,
        },
      ],
      options: [
        { title: 'Zusatzgepäck 23 kg', price: 4_500, flightId: OUTBOUND_ID },
        { title: 'Zusatzgepäck 23 kg', price: 4_500, flightId: RETURN_ID },
        { title: 'Reiseversicherung', price: 2_990, flightId: null },
      ],
    }),
    passenger({
      id: 2,
      salutation: 'mr',
      firstName: 'Jürgen',
      lastName: 'Großmann',
      ageType: 'child',
      birthday: '2016-09-03',
      flights: [
        {
          flightId: OUTBOUND_ID,
          seatLabel: '12B',
          basePrice: 14_200,
          airportFee: 3_550,
          fuelFee: 2_400,
          seatPrice: 1_500,
        },
        {
          flightId: RETURN_ID,
          seatLabel: '14D',
          basePrice: 12_700,
          airportFee: 2_875,
          fuelFee: 2_400,
          seatPrice: 0,
        },
      ],
      options: [{ title: 'Kindermenü', price: 950, flightId: OUTBOUND_ID }],
    }),
    passenger({
      id: 3,
      salutation: 'mrs',
      firstName: 'Ëmira',
      lastName: 'Çeku',
      ageType: 'infant',
      birthday: '2025-09-01',
      flights: [
        { flightId: OUTBOUND_ID, seatLabel: null, basePrice: 2_500, airportFee: 0, fuelFee: 0, seatPrice: 0 },
        { flightId: RETURN_ID, seatLabel: null, basePrice: 2_500, airportFee: 0, fuelFee: 0, seatPrice: 0 },
      ],
      options: [],
    }),
  ];
  return {
    id: 123,
    recordLocator: 'K7QX2M',
    status: 'confirmed',
    createdAt: '2026-06-06T08:14:00Z',
    language: 'sq',
    billing: {
      salutation: 'mr',
      company: null,
      firstName: 'Arbën',
      lastName: 'Gashi',
      email: 'arben.gashi@example.ch',
      street: 'Weissenbühlweg 12',
      zip: '3007',
      city: 'Bern',
      country: 'CH',
      countryName: 'Schweiz',
      phoneMobile: '+41 79 123 45 67',
    },
    flights: [
      {
        id: OUTBOUND_ID,
        direction: 'outbound',
        number: 'FB1402',
        airlineName: 'Flybook Air',
        origin: { code: 'ZRH', name: 'Zürich Flughafen', timezone: 'Europe/Zurich' },
        destination: { code: 'PRN', name: 'Prishtinë Adem Jashari', timezone: 'Europe/Belgrade' },
        departure: '2026-07-13T05:05:00Z',
        arrival: '2026-07-13T07:10:00Z',
        tariffName: 'Economy Flex',
      },
      {
        id: RETURN_ID,
        direction: 'return',
        number: 'FB1403',
        airlineName: 'Flybook Air',
        origin: { code: 'PRN', name: 'Prishtinë Adem Jashari', timezone: 'Europe/Belgrade' },
        destination: { code: 'ZRH', name: 'Zürich Flughafen', timezone: 'Europe/Zurich' },
        departure: '2026-07-26T10:30:00Z',
        arrival: '2026-07-26T12:40:00Z',
        tariffName: 'Economy Light',
      },
    ],
    passengers,
    invoice: {
      id: 4711,
      status: 'partly',
      total: sum(passengers.map((p) => p.total)),
      totalPaid: 30_000,
      paymentDeadline: '2026-06-20',
      paymentTerms: 'bill',
      isSpecificPrice: false,
      createdAt: '2026-06-06T08:15:00Z',
    },
    priceNeedsToBeHidden: false,
  };
}

/**
 * Writes the PDF and reads it back the way a person copying its text would get it, with no-break
 * spaces (inside amounts) read as plain spaces. The file lives only while it is read.
 */
export function readPdf(pdf: Buffer): { text: string; pages: string[]; info: string } {
  const dir = mkdtempSync(join(tmpdir(), 'flybook-document-'));
  const file = join(dir, 'document.pdf');
  let text: string;
  let info: string;
  try {
    writeFileSync(file, pdf);
    text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // pdftotext ends every page with a form feed.
  const pages = text.split('\f').filter((page) => page.trim() !== '');
  return { text, pages, info };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex for texts that follow each other on one printed line. */
export const line = (...cells: (string | number)[]) =>
  new RegExp(cells.map((cell) => escapeRegExp(String(cell))).join('[ \\t]+'));

/**
 * An amount as printed, computed independently of the renderer's money code: "CHF 1,234.50" in
 * English, "CHF 1'234.50" in German, French and Albanian, "CHF -25.00" when negative.
 */
export function chf(rappen: number, locale: 'de' | 'en' | 'fr' | 'sq'): string {
  const sign = rappen < 0 ? '-' : '';
  const abs = Math.abs(rappen);
  const francs = String(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  const grouped = francs.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'en' ? ',' : "'");
  return `CHF ${sign}${grouped}.${cents}`;
}

/** Every amount printed on a text in a locale, in Rappen, in reading order. */
export function amountsIn(text: string, locale: 'de' | 'en' | 'fr' | 'sq'): number[] {
  const pattern =
    locale === 'en' ? /CHF (-?\d{1,3}(?:,\d{3})*)\.(\d{2})/g : /CHF (-?\d{1,3}(?:'\d{3})*)\.(\d{2})/g;
  return [...text.matchAll(pattern)].map((match) => {
    const francs = Number(match[1]!.replace(/[,'-]/g, ''));
    const rappen = francs * 100 + Number(match[2]);
    return match[1]!.startsWith('-') ? -rappen : rappen;
  });
}

export { sum };
