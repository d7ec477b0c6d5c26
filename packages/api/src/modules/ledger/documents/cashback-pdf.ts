import type { Rappen } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import {
  drawLetterhead,
  drawPairs,
  drawTitle,
  money,
  resetText,
  TEXT_COLOR,
  textWidth,
} from '../../../platform/documents/document-layout.ts';
import { translator } from '../../../platform/i18n.ts';
import { createPdf, FONT, pdfBuffer } from '../../../platform/pdf.ts';
import { drawAddressAndFacts, drawLedgerFooters, officeDateTime } from './ledger-document-layout.ts';

export interface CashbackConfirmationInput {
  /** The cashback balance-log record; amount in Rappen. */
  record: { id: number; createdAt: Date; amount: Rappen; description: string; title: string };
  /** The owner of the credited account, with the address lines printed under the name. */
  beneficiary: { displayName: string; addressLines: string[] };
  /** Who booked the cashback; the company is named when nobody is known. */
  issuedBy: string | null;
  /** Language of the document. */
  locale: Locale;
  /** When the confirmation is printed. Defaults to now. */
  generatedAt?: Date;
}

/**
 * The cashback confirmation (Cashback.pdf) of one cashback record: the beneficiary's address, the
 * record number and date, the amount, title and description, the statement that the amount was
 * credited to the customer's account with Flybook, and who issued it.
 */
export function renderCashbackConfirmation(input: CashbackConfirmationInput): Promise<Buffer> {
  const { record, beneficiary, issuedBy, locale, generatedAt = new Date() } = input;
  const t = translator(locale);
  const title = t('ledgerDocuments.cashback.title');
  const amount = money(record.amount, locale);

  const doc = createPdf({ title: `${title} ${record.id}`, lang: locale, createdAt: generatedAt });
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  drawLetterhead(doc, t);
  drawAddressAndFacts(doc, {
    label: t('ledgerDocuments.cashback.beneficiary'),
    lines: [beneficiary.displayName, ...beneficiary.addressLines].filter((line) => line.trim() !== ''),
    facts: [
      { label: t('ledgerDocuments.cashback.recordNumber'), value: String(record.id), bold: true },
      { label: t('ledgerDocuments.cashback.date'), value: officeDateTime(record.createdAt) },
      { label: t('reservationDocuments.overview.printedOn'), value: officeDateTime(generatedAt) },
    ],
  });
  drawTitle(doc, title);

  doc.y = drawPairs(
    doc,
    [
      { label: t('ledgerDocuments.cashback.subject'), value: record.title },
      ...(record.description.trim() !== ''
        ? [{ label: t('ledgerDocuments.cashback.description'), value: record.description }]
        : []),
      { label: t('ledgerDocuments.cashback.amount'), value: amount, bold: true },
    ],
    { x: left, y: doc.y + 4, width, labelWidth: 130, fontSize: 10 },
  );

  doc.y += 16;
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(TEXT_COLOR)
    .text(
      t('ledgerDocuments.cashback.credited', {
        amount,
        name: beneficiary.displayName,
        company: COMPANY.name,
      }),
      left,
      doc.y,
      { width },
    );
  doc.y = drawPairs(
    doc,
    [{ label: t('ledgerDocuments.cashback.issuedBy'), value: issuedBy ?? COMPANY.name }],
    { x: left, y: doc.y + 16, width, labelWidth: 130, fontSize: 10 },
  );
  resetText(doc);

  drawLedgerFooters(doc, t, `${title} ${record.id}`);
  return pdfBuffer(doc);
}
