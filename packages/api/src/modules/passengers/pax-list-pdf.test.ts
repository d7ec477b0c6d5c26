import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type PaxListFlight, type PaxListPassenger, renderPaxList } from './pax-list-pdf.ts';

const dir = mkdtempSync(join(tmpdir(), 'flybook-paxlist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as someone copying it gets it, page by page. */
function pagesOf(pdf: Buffer, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((page) => page.trim() !== '');
}

const flight: PaxListFlight = {
  number: 'FB1402',
  airlineName: 'Flybook Air',
  originCode: 'ZRH',
  originName: 'Zurich Airport',
  originTimezone: 'Europe/Zurich',
  destinationCode: 'PRN',
  destinationName: 'Pristina International Airport',
  destinationTimezone: 'Europe/Belgrade',
  // 23:30 UTC on 29 March is 01:30 summer time on the 30th in Zurich.
  departure: '2026-03-29T23:30:00Z',
  arrival: '2026-03-30T01:45:00Z',
  aircraft: 'Airbus A320 (12 C / 168 Y)',
  status: 'closed',
};

const SURNAMES = ['Berisha', 'Krasniqi', 'Gashi', 'Hoxha', 'Shala', 'Morina', 'Bytyqi', 'Kastrati', 'Çeku'];
const GIVEN = ['Arbër', 'Vjosa', 'Dren', 'Teuta', 'Ilir', 'Besa', 'Luan', 'Era', 'Agon', 'Blerta', 'Lum'];
/** A full flight: 150 seated passengers in rows 4 to 28 and six infants without seats. */
const passengers: PaxListPassenger[] = Array.from({ length: 156 }, (_, index) => {
  const infant = index >= 150;
  return {
    lastName: SURNAMES[index % SURNAMES.length]!,
    firstName: `${GIVEN[index % GIVEN.length]!} ${index + 1}`,
    ageType: infant ? 'infant' : index % 10 === 3 ? 'child' : 'adult',
    age: infant ? 1 : index % 10 === 3 ? 8 : 40,
    seatLabel: infant ? null : `${4 + Math.floor(index / 6)}${'ABCDEF'[index % 6]}`,
    bookingReference: `FB-${String(1000 + Math.floor(index / 3)).padStart(6, '0')}`,
    tariffName: index % 2 === 0 ? 'Economy Light' : 'Economy Classic',
    isPaid: index % 4 !== 0,
    isAppeared: index % 7 === 0 ? false : index % 2 === 0 ? true : null,
    appearingComment: index % 7 === 0 ? 'Did not come to the gate' : null,
  };
});

describe('the PAX list', () => {
  it('prints every passenger and seat of a full flight over several pages, the header on each', async () => {
    const pages = pagesOf(
      await renderPaxList({
        flight,
        passengers,
        locale: 'en',
        generatedAt: new Date('2026-03-29T20:00:00Z'),
      }),
      'full',
    );
    expect(pages.length).toBeGreaterThan(2);
    const text = pages.join('\n');
    passengers.forEach((passenger, index) => {
      const name = `${passenger.lastName.toUpperCase()}, ${passenger.firstName}`;
      const seat = passenger.seatLabel ?? '–';
      expect(text, name).toMatch(new RegExp(`\\b${index + 1}\\s+${seat}\\s+${name}\\s`));
    });
    for (const [index, page] of pages.entries()) {
      expect(page).toMatch(/#\s+Seat\s+Name\s+Age type\s+Booking\s+Tariff\s+Paid\s+Check-in/);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    expect(pages[0]).toContain('Passenger manifest (PAX list)');
    expect(pages[0]).toContain('FB1402 · Zurich Airport (ZRH) – Pristina International Airport (PRN)');
    expect(pages[0]).toMatch(/Departure \(local\)\s+Mon 30\.03\.2026 01:30 ZRH/);
    expect(pages[0]).toMatch(/Passengers\s+156 passengers · Adult 135 · Child 15 · Infant 6/);
    expect(pages[0]).toMatch(/Check-in\s+Appeared 66 · No-show 23 · Not marked 67/);
    expect(text).toMatch(/BERISHA, Arbër 1\s+Adult\s+FB-001000\s+Economy Light\s+No\s+✕ No-show/);
    expect(text).toMatch(/HOXHA, Teuta 4\s+Child \(8\)\s+FB-001001\s+Economy Classic\s+Yes/);
  });

  it('keeps the column headers whole in French and Albanian', async () => {
    const two = passengers.slice(0, 2);
    const [french] = pagesOf(await renderPaxList({ flight, passengers: two, locale: 'fr' }), 'fr');
    expect(french).toMatch(/#\s+Siège\s+Nom\s+Catégorie d.âge\s+Réservation\s+Tarif\s+Payé\s+Enregistrement/);
    const [albanian] = pagesOf(await renderPaxList({ flight, passengers: two, locale: 'sq' }), 'sq');
    expect(albanian).toMatch(/#\s+Vendi\s+Emri\s+Kategoria e\s+Rezervimi\s+Tarifa\s+Paguar\s+Check-in/);
    expect(albanian).toMatch(/^\s+moshës\s*$/m);
  });

  it('says so when the flight has no passengers', async () => {
    const [page] = pagesOf(await renderPaxList({ flight, passengers: [], locale: 'fr' }), 'empty');
    expect(page).toContain('Liste des passagers (liste PAX)');
    expect(page).toContain('Aucun passager.');
    expect(page).toMatch(/Passagers\s+0 passager/);
  });
});
