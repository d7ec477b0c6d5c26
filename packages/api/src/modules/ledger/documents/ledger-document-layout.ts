import { OFFICE_TIME_ZONE } from '@flybook/domain';
import { COMPANY } from '@flybook/locales';
import { formatTime, numericDate } from '@flybook/locales/format';
import type { TFunction } from 'i18next';
import {
  drawPairs,
  MUTED_COLOR,
  resetText,
  TEXT_COLOR,
  textWidth,
} from '../../../platform/documents/document-layout.ts';
import { drawPageFooters, FONT, type PdfDocument } from '../../../platform/pdf.ts';

/** What the ledger documents add to the reservation documents' layout: an address block and footers. */

/** Date and time of an instant in the office's time zone, e.g. "13.07.2026 07:05". */
export function officeDateTime(instant: Date): string {
  return `${numericDate(instant, OFFICE_TIME_ZONE)} ${formatTime(instant, OFFICE_TIME_ZONE)}`;
}

/**
 * An address on the left (where a window envelope shows it) under a small label, and label–value
 * facts on the right, as on the invoice. Leaves the cursor at the left margin below both.
 */
export function drawAddressAndFacts(
  doc: PdfDocument,
  block: {
    label: string;
    lines: string[];
    facts: { label: string; value: string; bold?: boolean }[];
  },
) {
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  const top = doc.y + 6;
  doc.font(FONT.regular).fontSize(7.5).fillColor(MUTED_COLOR).text(block.label, left, top, { width: 240 });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(TEXT_COLOR)
    .text(block.lines.join('\n'), left, doc.y + 2, { width: 240 });
  const addressBottom = doc.y;
  const factsBottom = drawPairs(doc, block.facts, {
    x: left + width - 260,
    y: top,
    width: 260,
    labelWidth: 130,
  });
  resetText(doc);
  doc.x = left;
  doc.y = Math.max(addressBottom, factsBottom) + 22;
}

/** The footer on every page: company, the document's reference, page number. */
export function drawLedgerFooters(doc: PdfDocument, t: TFunction, reference: string) {
  drawPageFooters(doc, (page, pages) =>
    [COMPANY.name, reference, t('reservationDocuments.common.page', { page, pages })].join('  ·  '),
  );
}
