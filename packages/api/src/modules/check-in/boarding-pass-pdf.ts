import { formatDate, formatTime } from '@flybook/locales/format';
import bwipjs from 'bwip-js';
import type { TFunction } from 'i18next';
import {
  drawLetterhead,
  drawTitle,
  MUTED_COLOR,
  RULE_COLOR,
  resetText,
  TEXT_COLOR,
  textWidth,
} from '../../platform/documents/document-layout.ts';
import { translator } from '../../platform/i18n.ts';
import { createPdf, drawPageFooters, FONT, type PdfDocument, pdfBuffer } from '../../platform/pdf.ts';

/** One passenger's boarding pass for one flight, as printed. */
export interface BoardingPassDocument {
  language: 'en' | 'de' | 'fr' | 'sq';
  /** The name as the passenger reads it, e.g. "Anna Müller". */
  passengerName: string;
  recordLocator: string;
  /** Operating carrier designator, e.g. "FB". */
  carrier: string;
  /** The flight number; printed after the carrier unless it already starts with it ("1402", "FB1402"). */
  flightNumber: string;
  from: { code: string; name: string };
  to: { code: string; name: string };
  /** Local date and time at the origin, e.g. "2026-12-01T07:30". */
  departure: string;
  /** "12A", or null for no seat. */
  seat: string | null;
  /** The infant on this passenger's lap, who travels on this pass (docs/check-in.md). */
  infant?: string | null;
  sequenceNumber: number;
  /** The text of the barcode (see encodeBcbp in @flybook/domain). */
  bcbp: string;
}

/**
 * When boarding starts, before the departure. The flight data has no boarding or gate-closing time
 * of its own, so the pass prints departure minus this, and its note says so in every language.
 */
export const BOARDING_MINUTES_BEFORE_DEPARTURE = 30;

/** Printed width of the barcode; at 1.0 pt a module (about 0.35 mm) any gate or phone scanner reads it. */
const BARCODE_MODULE_POINTS = 1;
const BARCODE_SCALE = 3;

/**
 * The PDF417 symbol of a boarding pass as a PNG (bwip-js), the symbology IATA Resolution 792 sets for
 * printed boarding passes. Error correction level 5 lets a creased or smudged home print still scan.
 */
export function barcodePng(bcbp: string): Promise<Buffer> {
  // eclevel and columns are PDF417 options of BWIPP that the typings of bwip-js do not list.
  const options: bwipjs.RenderOptions & { eclevel: number; columns: number } = {
    bcid: 'pdf417',
    text: bcbp,
    eclevel: 5,
    columns: 6,
    scale: BARCODE_SCALE,
    paddingwidth: 2,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  };
  return bwipjs.toBuffer(options);
}

/** "2026-12-01T07:30" → its date "2026-12-01" and minutes since midnight. */
function localDeparture(departure: string): { date: string; minutes: number } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(departure);
  if (!match) throw new RangeError(`Not a local date-time: "${departure}"`);
  return { date: match[1]!, minutes: Number(match[2]) * 60 + Number(match[3]) };
}

/** Minutes since midnight as HH:MM, wrapping round midnight (boarding at 23:40 for a 00:10 departure). */
const clock = (minutes: number) => {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return formatTime(`${Math.floor(wrapped / 60)}:${String(wrapped % 60).padStart(2, '0')}`);
};

/** A small muted label and a value under it, in a column; returns the y below. */
function drawField(
  doc: PdfDocument,
  label: string,
  value: string,
  box: { x: number; y: number; width: number; size?: number },
): number {
  doc.font(FONT.regular).fontSize(7.5).fillColor(MUTED_COLOR).text(label, box.x, box.y, { width: box.width });
  doc
    .font(FONT.bold)
    .fontSize(box.size ?? 12)
    .fillColor(TEXT_COLOR)
    .text(value, box.x, doc.y + 1, { width: box.width });
  return doc.y;
}

async function drawBoardingPass(doc: PdfDocument, pass: BoardingPassDocument, t: TFunction) {
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  const label = (key: string) => t(`reservationDocuments.boardingPass.${key}`);
  const { date, minutes } = localDeparture(pass.departure);
  const flight = pass.flightNumber.startsWith(pass.carrier)
    ? pass.flightNumber
    : `${pass.carrier}${pass.flightNumber}`;
  const seat = pass.seat || t('reservationDocuments.common.noSeat');

  drawLetterhead(doc, t);
  drawTitle(
    doc,
    label('title'),
    `${t('reservationDocuments.common.bookingReference')} ${pass.recordLocator}`,
  );

  const pad = 12;
  const inner = width - 2 * pad;
  const top = doc.y;
  let y = top + pad;

  y = drawField(doc, t('reservationDocuments.common.passenger'), pass.passengerName, {
    x: left + pad,
    y,
    width: inner,
    size: 15,
  });
  if (pass.infant) {
    y = drawField(doc, label('withInfant'), pass.infant, { x: left + pad, y: y + 4, width: inner, size: 11 });
  }
  y += 10;

  // From and to: the codes large, the airport names under them.
  const half = (inner - pad) / 2;
  const route = (side: 'from' | 'to', airport: { code: string; name: string }, x: number) => {
    doc
      .font(FONT.regular)
      .fontSize(7.5)
      .fillColor(MUTED_COLOR)
      .text(t(`reservationDocuments.common.${side}`), x, y, { width: half });
    doc.font(FONT.bold).fontSize(26).fillColor(TEXT_COLOR).text(airport.code, x, doc.y, { width: half });
    doc.font(FONT.regular).fontSize(9.5).text(airport.name, x, doc.y, { width: half });
    return doc.y;
  };
  const fromBottom = route('from', pass.from, left + pad);
  const toBottom = route('to', pass.to, left + pad + half + pad);
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(MUTED_COLOR)
    .text('→', left + pad + half - 48, y + 12, { width: 28, align: 'center', lineBreak: false });
  y = Math.max(fromBottom, toBottom) + 12;

  // The details in two rows of columns.
  const columns = 4;
  const columnWidth = (inner - (columns - 1) * pad) / columns;
  const row = (fields: { label: string; value: string; size?: number }[]) => {
    const bottoms = fields.map((field, index) =>
      drawField(doc, field.label, field.value, {
        x: left + pad + index * (columnWidth + pad),
        y,
        width: index === fields.length - 1 ? inner - index * (columnWidth + pad) : columnWidth,
        ...(field.size ? { size: field.size } : {}),
      }),
    );
    y = Math.max(...bottoms) + 10;
  };
  row([
    { label: label('flight'), value: flight },
    { label: label('date'), value: formatDate(date, pass.language, { style: 'numeric', weekday: 'short' }) },
    { label: label('departure'), value: clock(minutes) },
    { label: label('boarding'), value: clock(minutes - BOARDING_MINUTES_BEFORE_DEPARTURE) },
  ]);
  row([
    { label: label('gate'), value: '—' },
    {
      label: t('reservationDocuments.common.seat'),
      value: seat,
      size: pass.seat ? 12 : 10,
    },
    { label: label('sequence'), value: String(pass.sequenceNumber).padStart(3, '0') },
    { label: t('reservationDocuments.common.bookingReference'), value: pass.recordLocator },
  ]);

  // The barcode, centred, at a fixed module size so every pass prints the same.
  const png = await barcodePng(pass.bcbp);
  const pixels = png.readUInt32BE(16);
  const pixelsHigh = png.readUInt32BE(20);
  const barcodeWidth = Math.min(inner, (pixels / BARCODE_SCALE) * BARCODE_MODULE_POINTS);
  const barcodeHeight = (barcodeWidth * pixelsHigh) / pixels;
  y += 4;
  doc.image(png, left + (width - barcodeWidth) / 2, y, { width: barcodeWidth });
  y += barcodeHeight + pad;

  doc
    .rect(left, top, width, y - top)
    .lineWidth(0.8)
    .strokeColor(RULE_COLOR)
    .stroke();

  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(TEXT_COLOR)
    .text(label('boardingNote'), left, y + 12, { width });
  doc.moveDown(0.4).text(label('documentsNote'), { width });
  resetText(doc);
}

/**
 * Boarding passes as one PDF, one A4 page per passenger and flight, each in its passenger's
 * language: name, booking reference, flight, route with airport names, date, departure and boarding
 * time (local at the origin), gate (not known when the pass is printed: "—"), seat or the adult an
 * infant sits with, check-in sequence number, and the BCBP text as a PDF417 barcode.
 */
export async function boardingPassPdf(passes: BoardingPassDocument[]): Promise<Buffer> {
  const first = passes[0];
  if (!first) throw new RangeError('A boarding pass document needs at least one pass');
  const language = first.language;
  const title = translator(language)('reservationDocuments.boardingPass.title');
  const doc = createPdf({
    title: `${title} ${first.recordLocator}`,
    lang: language,
  });
  for (const [index, pass] of passes.entries()) {
    if (index > 0) doc.addPage();
    await drawBoardingPass(doc, pass, translator(pass.language));
  }
  drawPageFooters(doc, (page, pages) => {
    const pass = passes[page - 1];
    const t = translator(pass?.language ?? language);
    return [
      t('reservationDocuments.boardingPass.title'),
      pass ? `${t('reservationDocuments.common.bookingReference')} ${pass.recordLocator}` : '',
      t('reservationDocuments.common.page', { page, pages }),
    ]
      .filter(Boolean)
      .join('  ·  ');
  });
  return pdfBuffer(doc);
}
