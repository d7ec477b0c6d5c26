import { Workbook, type Worksheet } from '@cj-tech-master/excelts';
import { describe, expect, it } from 'vitest';
import { type PassengerReportFlight, renderPassengerReport, worksheetName } from './passenger-report.ts';

type Passenger = PassengerReportFlight['passengers'][number];

const passenger = (overrides: Partial<Passenger> & Pick<Passenger, 'lastName' | 'firstName'>): Passenger => ({
  ageType: 'adult',
  birthday: null,
  seatLabel: null,
  tariffName: 'Economy',
  reservationId: 1000,
  recordLocator: 'HXM2PC',
  paymentStatus: 'notPaid',
  contactEmail: 'booker@example.com',
  contactPhone: '+41 79 123 45 67',
  isAppeared: null,
  ...overrides,
});

const zurichToPrishtina: PassengerReportFlight = {
  number: 'FB1200',
  departure: new Date('2026-11-23T05:30:00Z'),
  originCode: 'ZRH',
  destinationCode: 'PRN',
  originTimezone: 'Europe/Zurich',
  passengers: [
    passenger({
      lastName: 'Çela',
      firstName: 'Arbër',
      birthday: '1985-03-14',
      seatLabel: '12A',
      reservationId: 1042,
      recordLocator: 'BRK7QA',
      paymentStatus: 'partly',
      contactEmail: 'arber.cela@example.com',
      isAppeared: true,
    }),
    passenger({
      lastName: 'Müller',
      firstName: 'Jürg',
      ageType: 'infant',
      birthday: '2025-12-01',
      reservationId: 1050,
    }),
    passenger({
      lastName: 'Berisha',
      firstName: 'Drita',
      ageType: 'child',
      birthday: '2018-07-02',
      seatLabel: '12B',
      reservationId: 1042,
      recordLocator: 'BRK7QA',
      paymentStatus: 'partly',
      isAppeared: false,
    }),
    passenger({
      lastName: 'Berisha',
      firstName: 'Agon',
      seatLabel: '3C',
      tariffName: 'Business',
      reservationId: 1077,
    }),
  ],
};

/** The same flight number later the same local day: its sheet must still get its own name. */
const secondRotation: PassengerReportFlight = {
  ...zurichToPrishtina,
  departure: new Date('2026-11-23T21:45:00Z'),
  passengers: [passenger({ lastName: 'Krasniqi', firstName: 'Besa' })],
};

const emptyFlight: PassengerReportFlight = {
  number: 'FB1201',
  // 23:30 UTC is already the next day, 00:30, in Prishtina.
  departure: new Date('2026-11-23T23:30:00Z'),
  originCode: 'PRN',
  destinationCode: 'ZRH',
  originTimezone: 'Europe/Belgrade',
  passengers: [],
};

async function readWorkbook(buffer: Buffer) {
  const workbook = new Workbook();
  await workbook.xlsx.load(buffer);
  return workbook;
}

const rowValues = (sheet: Worksheet, row: number) => {
  const values = sheet.getRow(row).values;
  return Array.isArray(values) ? values.slice(1) : [];
};

describe('the passenger report workbook', () => {
  it('has one worksheet per flight named by number and local date, unique and valid', async () => {
    const workbook = await readWorkbook(
      await renderPassengerReport({
        flights: [zurichToPrishtina, secondRotation, emptyFlight],
        locale: 'en',
      }),
    );

    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'FB1200 2026-11-23',
      'FB1200 2026-11-23 (2)',
      'FB1201 2026-11-24',
    ]);
  });

  it('starts each sheet with a title row and a frozen, filterable, translated header row', async () => {
    const workbook = await readWorkbook(
      await renderPassengerReport({ flights: [zurichToPrishtina], locale: 'en' }),
    );
    const sheet = workbook.worksheets[0]!;

    expect(sheet.getCell('A1').value).toBe('FB1200 · ZRH–PRN · 23.11.2026 06:30');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(rowValues(sheet, 2)).toEqual([
      'Last name',
      'First name',
      'Age type',
      'Birthday',
      'Seat',
      'Tariff',
      'Reservation',
      'Booking reference',
      'Payment',
      'E-mail',
      'Phone',
      'Appeared',
    ]);
    expect(sheet.getRow(2).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sheet.autoFilter).toBe('A2:L6');
    for (let column = 1; column <= 12; column++) {
      expect(sheet.getColumn(column).width, `column ${column}`).toBeGreaterThanOrEqual(8);
    }
    expect(sheet.getColumn(10).width).toBeGreaterThan('arber.cela@example.com'.length);
  });

  it('lists passengers by last and then first name, with birthdays as dates, and counts them', async () => {
    const workbook = await readWorkbook(
      await renderPassengerReport({ flights: [zurichToPrishtina], locale: 'en' }),
    );
    const sheet = workbook.worksheets[0]!;

    expect([3, 4, 5, 6].map((row) => rowValues(sheet, row).slice(0, 2))).toEqual([
      ['Berisha', 'Agon'],
      ['Berisha', 'Drita'],
      ['Çela', 'Arbër'],
      ['Müller', 'Jürg'],
    ]);
    expect(rowValues(sheet, 4)).toEqual([
      'Berisha',
      'Drita',
      'Child',
      new Date(Date.UTC(2018, 6, 2)),
      '12B',
      'Economy',
      1042,
      'BRK7QA',
      'Partly paid',
      'booker@example.com',
      '+41 79 123 45 67',
      'No',
    ]);
    const birthday = sheet.getCell('D5');
    expect(birthday.value).toBeInstanceOf(Date);
    expect(birthday.value).toEqual(new Date(Date.UTC(1985, 2, 14)));
    // A date cell shown like every date on our documents.
    expect(birthday.numFmt).toBe('dd.mm.yyyy');
    expect(sheet.getCell('L5').value).toBe('Yes');
    expect(['I3', 'I6'].map((cell) => sheet.getCell(cell).value)).toEqual(['Not paid', 'Not paid']);
    // No birthday, no seat, not yet marked: empty cells.
    expect(sheet.getCell('D3').value).toBeNull();
    expect(sheet.getCell('E6').value).toBeNull();
    expect(sheet.getCell('L6').value).toBeNull();
    expect(sheet.getCell('C6').value).toBe('Infant');

    expect(sheet.getCell('A8').value).toBe('Total passengers');
    expect(sheet.getCell('B8').value).toBe(4);
    expect(sheet.rowCount).toBe(8);
  });

  it('gives a flight without passengers its sheet with a "no passengers" line', async () => {
    const workbook = await readWorkbook(
      await renderPassengerReport({ flights: [emptyFlight], locale: 'de' }),
    );
    const sheet = workbook.worksheets[0]!;

    expect(sheet.name).toBe('FB1201 2026-11-24');
    expect(sheet.getCell('A1').value).toBe('FB1201 · PRN–ZRH · 24.11.2026 00:30');
    expect(rowValues(sheet, 2).slice(0, 4)).toEqual([
      'Nachname',
      'Vorname',
      'Alterskategorie',
      'Geburtsdatum',
    ]);
    expect(sheet.getCell('A3').value).toBe('Keine Passagiere auf diesem Flug.');
    expect(sheet.getCell('A5').value).toBe('Passagiere total');
    expect(sheet.getCell('B5').value).toBe(0);
  });

  it('translates age types, payment states and the appeared mark', async () => {
    const workbook = await readWorkbook(
      await renderPassengerReport({ flights: [zurichToPrishtina], locale: 'sq' }),
    );
    const sheet = workbook.worksheets[0]!;

    expect(rowValues(sheet, 2)).toContain('Kategoria e moshës');
    expect(['C3', 'C4', 'C6'].map((cell) => sheet.getCell(cell).value)).toEqual([
      'I rritur',
      'Fëmijë',
      'Foshnjë',
    ]);
    expect(rowValues(sheet, 2)).toContain('Referenca e rezervimit');
    expect(['I3', 'I4'].map((cell) => sheet.getCell(cell).value)).toEqual([
      'E papaguar',
      'Paguar pjesërisht',
    ]);
    expect(['L4', 'L5'].map((cell) => sheet.getCell(cell).value)).toEqual(['Jo', 'Po']);
  });
});

describe('worksheet names', () => {
  it('drops characters Excel forbids and keeps to 31 characters', () => {
    const name = worksheetName("'FB12/34 [2026-11-23]: *charter?* with a very long name'", new Set());
    expect(name).not.toMatch(/[\\/?*[\]:]/);
    expect(name).not.toMatch(/^'|'$/);
    expect(name.length).toBeLessThanOrEqual(31);
    expect(name.startsWith('FB12-34 -2026-11-23--')).toBe(true);
  });

  it('adds a number when a name is taken, ignoring case, without passing 31 characters', () => {
    const taken = new Set<string>();
    const long = 'X'.repeat(40);
    expect(worksheetName('FB1 2026-01-01', taken)).toBe('FB1 2026-01-01');
    expect(worksheetName('fb1 2026-01-01', taken)).toBe('fb1 2026-01-01 (2)');
    expect(worksheetName('FB1 2026-01-01', taken)).toBe('FB1 2026-01-01 (3)');
    expect(worksheetName(long, taken)).toBe('X'.repeat(31));
    const second = worksheetName(long, taken);
    expect(second).toBe(`${'X'.repeat(27)} (2)`);
    expect(second).toHaveLength(31);
  });
});
