import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bcbpName, dayOfYear, encodeBcbp } from '@flybook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { line, readPdf } from '../reservations/documents/document-fixtures.ts';
import { type BoardingPassDocument, barcodePng, boardingPassPdf } from './boarding-pass-pdf.ts';

const bcbp = (lastName: string, firstName: string, seat: string, sequenceNumber: number) =>
  encodeBcbp({
    passengerName: bcbpName(lastName, firstName),
    eTicket: true,
    recordLocator: 'K7QX2M',
    from: 'ZRH',
    to: 'PRN',
    carrier: 'FB',
    flightNumber: '1402',
    dayOfYear: dayOfYear('2026-12-01'),
    compartment: 'Y',
    seat,
    sequenceNumber,
    passengerStatus: '1',
  });

const anna: BoardingPassDocument = {
  language: 'en',
  passengerName: 'Anna Müller',
  recordLocator: 'K7QX2M',
  carrier: 'FB',
  flightNumber: '1402',
  from: { code: 'ZRH', name: 'Zürich Flughafen' },
  to: { code: 'PRN', name: 'Prishtinë Adem Jashari' },
  departure: '2026-12-01T07:30',
  seat: '12A',
  sequenceNumber: 7,
  bcbp: bcbp('Müller', 'Anna', '12A', 7),
};

const jurgen: BoardingPassDocument = {
  ...anna,
  language: 'de',
  passengerName: 'Jürgen Großmann',
  seat: '12B',
  sequenceNumber: 8,
  bcbp: bcbp('Großmann', 'Jürgen', '12B', 8),
};

const emira: BoardingPassDocument = {
  ...anna,
  language: 'sq',
  passengerName: 'Ëmira Çeku',
  seat: '12C',
  infant: 'Arbën Gashi',
  sequenceNumber: 9,
  bcbp: bcbp('Çeku', 'Ëmira', '12C', 9),
};

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flybook-boarding-pass-'));
  // The decoder's WebAssembly from the package, not from its default CDN.
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The texts of the PDF417 barcodes in an image file (PNG). */
async function pdf417Texts(png: Uint8Array): Promise<string[]> {
  const results = await readBarcodes(png, { formats: ['PDF417'], tryHarder: true, maxNumberOfSymbols: 4 });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/** Each page of a PDF as a PNG at 200 dpi, as a scanner sees the printout. */
function renderPages(pdf: Buffer, name: string): Buffer[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '200', file, join(dir, `${name}-page`)]);
  return readdirSync(dir)
    .filter((entry) => entry.startsWith(`${name}-page`) && entry.endsWith('.png'))
    .sort()
    .map((entry) => readFileSync(join(dir, entry)));
}

/** The images embedded in a PDF, as PNG files (pdfimages), without their alpha masks. */
function embeddedImages(pdf: Buffer, name: string): Buffer[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdfimages', ['-png', file, join(dir, `${name}-image`)]);
  // `pdfimages -list` names each extracted image's type in the order of the files: image or smask.
  const types = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((row) => row.trim() !== '')
    .map((row) => row.trim().split(/\s+/)[2]);
  return readdirSync(dir)
    .filter((entry) => entry.startsWith(`${name}-image`) && entry.endsWith('.png'))
    .sort()
    .filter((_, index) => types[index] === 'image')
    .map((entry) => readFileSync(join(dir, entry)));
}

describe('the boarding pass PDF', () => {
  it('prints one page per pass, each in its passenger’s language (English and German)', async () => {
    const { pages, info } = readPdf(await boardingPassPdf([anna, jurgen]));

    expect(info).toMatch(/Title:\s+Boarding pass K7QX2M/);
    expect(pages).toHaveLength(2);
    const [english, german] = pages as [string, string];

    expect(english).toContain('Boarding pass');
    expect(english).toContain('Booking reference K7QX2M');
    expect(english).toContain('Anna Müller');
    expect(english).toMatch(line('From', 'To'));
    expect(english).toMatch(line('ZRH', '→', 'PRN'));
    expect(english).toMatch(line('Zürich Flughafen', 'Prishtinë Adem Jashari'));
    expect(english).toMatch(line('Flight', 'Date', 'Departure', 'Boarding'));
    // 2026-12-01 is a Tuesday; boarding starts 30 minutes before the departure.
    expect(english).toMatch(line('FB1402', 'Tue 01.12.2026', '07:30', '07:00'));
    expect(english).toMatch(line('Gate', 'Seat', 'Seq. no.', 'Booking reference'));
    expect(english).toMatch(line('—', '12A', '007', 'K7QX2M'));
    expect(english.replace(/\s+/g, ' ')).toContain('Boarding starts 30 minutes before departure');
    expect(english).toMatch(/Boarding pass · Booking reference K7QX2M · Page 1 of 2/);
    expect(english).not.toContain('Bordkarte');

    expect(german).toContain('Bordkarte');
    expect(german).toContain('Buchungsreferenz K7QX2M');
    expect(german).toContain('Jürgen Großmann');
    expect(german).toMatch(line('Von', 'Nach'));
    expect(german).toMatch(line('Flug', 'Datum', 'Abflug', 'Boarding'));
    expect(german).toMatch(line('FB1402', 'Di. 01.12.2026', '07:30', '07:00'));
    expect(german).toMatch(line('Gate', 'Sitzplatz', 'Seq.-Nr.', 'Buchungsreferenz'));
    expect(german).toMatch(line('—', '12B', '008', 'K7QX2M'));
    expect(german.replace(/\s+/g, ' ')).toContain('Das Boarding beginnt 30 Minuten vor dem Abflug');
    expect(german).toMatch(/Bordkarte · Buchungsreferenz K7QX2M · Seite 2 von 2/);
  });

  it('names the infant on the passenger\'s lap, and prints "no seat" when there is none', async () => {
    const { pages } = readPdf(
      await boardingPassPdf([
        emira,
        { ...emira, language: 'fr', infant: null, seat: null },
        { ...anna, seat: null },
        { ...anna, seat: '' },
      ]),
    );
    expect(pages).toHaveLength(4);
    expect(pages[0]).toContain('Karta e imbarkimit');
    expect(pages[0]).toContain('Ëmira Çeku');
    expect(pages[0]).toContain('Me foshnjë');
    expect(pages[0]).toContain('Arbën Gashi');
    expect(pages[0]).toMatch(line('—', '12C', '009', 'K7QX2M'));
    expect(pages[0]).toMatch(line('FB1402', 'mar 01.12.2026', '07:30', '07:00'));
    expect(pages[1]).toContain('Carte d’embarquement');
    expect(pages[1]).toMatch(line('—', 'Sans siège', '009'));
    expect(pages[1]).not.toContain('Arbën Gashi');
    expect(pages[2]).toMatch(line('—', 'No seat', '007'));
    expect(pages[3]).toMatch(line('—', 'No seat', '007'));
  });

  it('takes the boarding time back over midnight and keeps a flight number that has the carrier', async () => {
    const { text } = readPdf(
      await boardingPassPdf([{ ...anna, departure: '2026-12-02T00:10', flightNumber: 'FB1402' }]),
    );
    expect(text).toMatch(line('FB1402', 'Wed 02.12.2026', '00:10', '23:40'));
    expect(text).not.toContain('FBFB');
  });

  it('holds each pass’s BCBP text in a PDF417 barcode a scanner reads from the printed page', async () => {
    const pdf = await boardingPassPdf([anna, jurgen, emira]);
    const pages = renderPages(pdf, 'scan');
    expect(pages).toHaveLength(3);
    const passes = [anna, jurgen, emira];
    for (const [index, page] of pages.entries()) {
      expect(await pdf417Texts(page)).toEqual([passes[index]!.bcbp]);
    }
    // The decoder does not read anything into a page: the three texts differ.
    expect(new Set(passes.map((pass) => pass.bcbp)).size).toBe(3);
  });

  it('embeds the barcode image as bwip-js drew it, which decodes to the BCBP text', async () => {
    const png = await barcodePng(anna.bcbp);
    expect(await pdf417Texts(png)).toEqual([anna.bcbp]);

    const images = embeddedImages(await boardingPassPdf([anna, jurgen]), 'images');
    expect(images).toHaveLength(2);
    expect(await pdf417Texts(images[0]!)).toEqual([anna.bcbp]);
    expect(await pdf417Texts(images[1]!)).toEqual([jurgen.bcbp]);
  });

  it('refuses to make a document without a pass', async () => {
    await expect(boardingPassPdf([])).rejects.toThrow(RangeError);
  });
});
