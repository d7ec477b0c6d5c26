import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderTurnoverList, type TurnoverFlight } from './turnover-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'flybook-turnover-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
/** Writes the PDF and reads it back the way a person copying its text would get it. */
function readPdf(pdf: Buffer): { text: string; pages: string[]; info: string } {
  const file = join(dir, `turnover-${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  // pdftotext ends every page with a form feed.
  const pages = text.split('\f').filter((page) => page.trim() !== '');
  return { text, pages, info };
}

/** CHF with two decimals and English grouping, computed independently of the renderer's money code. */
const chf = (rappen: number) =>
  (rappen < 0 ? '-' : '') +
  (Math.abs(rappen) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))(?=\d*\.)/g, ',');
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A regex for cells that follow each other on one printed line. */
const line = (...cells: (string | number)[]) =>
  new RegExp(cells.map((cell) => escapeRegExp(String(cell))).join('\\s+'));

function flight(overrides: Partial<TurnoverFlight> & Pick<TurnoverFlight, 'number'>): TurnoverFlight {
  const byTariffGroup = overrides.byTariffGroup ?? [
    { tariffGroupName: 'Economy', seatsSold: 40, allottedSeats: 20, revenue: 1_234_550, cost: 800_000 },
    { tariffGroupName: 'Business', seatsSold: 6, allottedSeats: 0, revenue: 360_000, cost: 120_000 },
  ];
  const revenue = sum(byTariffGroup.map((group) => group.revenue));
  const cost = sum(byTariffGroup.map((group) => group.cost));
  return {
    departure: new Date('2026-11-23T05:30:00Z'),
    originCode: 'ZRH',
    destinationCode: 'PRN',
    originTimezone: 'Europe/Zurich',
    status: 'created',
    byTariffGroup,
    seatsSold: sum(byTariffGroup.map((group) => group.seatsSold)),
    revenue,
    cost,
    margin: revenue - cost,
    ...overrides,
  };
}

const flights: TurnoverFlight[] = [
  flight({ number: 'FB1234' }),
  flight({
    number: 'FB1235',
    // 23:30 UTC on 29 March is already 30 March, 01:30 summer time, in Prishtina.
    departure: new Date('2026-03-29T23:30:00Z'),
    originCode: 'PRN',
    destinationCode: 'BSL',
    originTimezone: 'Europe/Belgrade',
    status: 'cancelled',
    byTariffGroup: [
      { tariffGroupName: 'Economy', seatsSold: 3, allottedSeats: 10, revenue: 45_000, cost: 1_250_075 },
    ],
    seatsSold: 3,
    revenue: 45_000,
    cost: 1_250_075,
    margin: 45_000 - 1_250_075,
  }),
  flight({ number: 'FB1240', status: 'departed', departure: new Date('2026-07-01T16:05:00Z') }),
];

describe('the turnover list PDF', () => {
  it('lists every flight with local departure, route, status and amounts in CHF', async () => {
    const { text, pages, info } = readPdf(
      await renderTurnoverList({ flights, locale: 'en', generatedAt: new Date('2026-07-01T10:00:00Z') }),
    );

    expect(info).toMatch(/Title:\s+Turnover list/);
    expect(info).toMatch(/Author:\s+Flybook/);
    expect(pages).toHaveLength(1);
    expect(text).toContain('Turnover list');
    // Generated at 10:00 UTC is noon in Zurich in summer.
    expect(text).toContain('Generated on 01.07.2026 12:00');
    expect(text).toContain('Departures from 30.03.2026 to 23.11.2026');
    expect(text).toMatch(
      line('Flight', 'Departure (local)', 'Route', 'Status', 'Allotted', 'Sold', 'Revenue CHF'),
    );

    expect(text).toMatch(
      line('FB1234', '23.11.2026 06:30', 'ZRH–PRN', 'Created', 20, 46, '15,945.50', '9,200.00', '6,745.50'),
    );
    expect(text).toMatch(
      line('FB1235', '30.03.2026 01:30', 'PRN–BSL', 'Cancelled', 10, 3, '450.00', '12,500.75'),
    );
    expect(text).toMatch(line('FB1240', '01.07.2026 18:05', 'ZRH–PRN', 'Departed'));
    // Tariff group lines: name, allotted, sold, revenue, cost.
    expect(text).toMatch(line('Economy', 20, 40, '12,345.50', '8,000.00'));
    expect(text).toMatch(line('Business', 0, 6, '3,600.00', '1,200.00'));
  });

  it('prints a loss with a minus sign, on the flight and in the totals', async () => {
    const { text } = readPdf(await renderTurnoverList({ flights, locale: 'en', generatedAt: new Date() }));

    expect(text).toMatch(
      line('FB1235', '30.03.2026 01:30', 'PRN–BSL', 'Cancelled', 10, 3, '450.00', '12,500.75', '-12,050.75'),
    );
    const totals = [
      sum(flights.flatMap((f) => f.byTariffGroup.map((group) => group.allottedSeats))),
      sum(flights.map((f) => f.seatsSold)),
      chf(sum(flights.map((f) => f.revenue))),
      chf(sum(flights.map((f) => f.cost))),
      chf(sum(flights.map((f) => f.margin))),
    ];
    expect(totals[4]).toBe('1,440.25');
    expect(text).toMatch(line('Total', ...totals));

    const losing = [flights[1]!];
    const { text: lossOnly } = readPdf(
      await renderTurnoverList({ flights: losing, locale: 'en', generatedAt: new Date() }),
    );
    expect(lossOnly).toMatch(line('Total', 10, 3, '450.00', '12,500.75', '-12,050.75'));
  });

  it('keeps Albanian and German letters in the copied text', async () => {
    const withNames = [
      flight({
        number: 'FB2001',
        byTariffGroup: [
          {
            tariffGroupName: 'Ekonomi – Prishtinë/Zürich',
            seatsSold: 2,
            allottedSeats: 1,
            revenue: 1000,
            cost: 500,
          },
        ],
      }),
    ];
    const { text, info } = readPdf(
      await renderTurnoverList({
        flights: withNames,
        locale: 'sq',
        generatedAt: new Date('2026-01-15T08:00:00Z'),
      }),
    );

    expect(info).toMatch(/Title:\s+Lista e qarkullimit/);
    expect(text).toContain('Gjeneruar më 15.01.2026 09:00');
    expect(text).toMatch(line('Fluturimi', 'Nisja (ora lokale)', 'Linja', 'Statusi'));
    expect(text).toContain('Të ardhurat CHF');
    expect(text).toMatch(line('FB2001', '23.11.2026 06:30', 'ZRH–PRN', 'Krijuar'));
    expect(text).toContain('Ekonomi – Prishtinë/Zürich');
    expect(text).toMatch(line('Gjithsej', 1, 2, '10.00', '5.00', '5.00'));

    const { text: german } = readPdf(
      await renderTurnoverList({ flights: withNames, locale: 'de', generatedAt: new Date() }),
    );
    expect(german).toContain('Abflüge vom 23.11.2026 bis 23.11.2026');
    expect(german).toMatch(line('Flug', 'Abflug (Ortszeit)', 'Strecke', 'Status', 'Kontingent', 'Verkauft'));
  });

  it('continues on further pages with the column headers repeated and page numbers', async () => {
    const many = Array.from({ length: 80 }, (_, index) =>
      flight({
        number: `FB${3000 + index}`,
        departure: new Date(Date.UTC(2026, 10, 1, 6, index)),
        status: index % 2 === 0 ? 'closed' : 'departed',
      }),
    );
    const { text, pages } = readPdf(
      await renderTurnoverList({ flights: many, locale: 'en', generatedAt: new Date() }),
    );

    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page, `page ${index + 1}`).toMatch(line('Flight', 'Departure (local)', 'Route', 'Status'));
      expect(page, `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    for (const f of many) expect(text.split(f.number).length - 1, f.number).toBe(1);
    // A flight stays on one page with its tariff group lines.
    for (const page of pages) {
      const printedFlights = page.match(/FB3\d{3}/g) ?? [];
      expect(page.match(/^\s+Economy\s/gm)?.length).toBe(printedFlights.length);
    }
    expect(pages.at(-1)).toMatch(
      line('Total', 80 * 20, 80 * 46, chf(80 * 1_594_550), chf(80 * 920_000), chf(80 * 674_550)),
    );
    expect(pages.slice(0, -1).join('')).not.toMatch(/^\s*Total\s/m);
  });

  it('says so when there are no flights', async () => {
    const { text } = readPdf(
      await renderTurnoverList({ flights: [], locale: 'fr', generatedAt: new Date() }),
    );

    expect(text).toContain('Liste du chiffre d’affaires');
    expect(text).toContain('Aucun vol');
    expect(text).toMatch(line('Total', 0, 0, '0.00', '0.00', '0.00'));
  });
});
