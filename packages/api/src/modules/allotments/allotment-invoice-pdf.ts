import {
  type AllotmentInvoiceState,
  invoiceBalanceOf,
  type Rappen,
  totalWithDiscount,
} from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { COMPANY } from '@flybook/locales';
import {
  ALERT_COLOR,
  airportDateTime,
  drawBankDetails,
  drawLetterhead,
  drawPairs,
  formatDate,
  MUTED_COLOR,
  money,
  OK_COLOR,
  resetText,
  TEXT_COLOR,
  textWidth,
  WARNING_COLOR,
} from '../../platform/documents/document-layout.ts';
import { translator } from '../../platform/i18n.ts';
import { createPdf, drawPageFooters, drawTable, FONT, pdfBuffer, type TableRow } from '../../platform/pdf.ts';

/** An allotment invoice as its document prints it (amounts in Rappen). */
export interface AllotmentInvoiceDocument {
  id: number;
  title: string;
  invoiceDate: string;
  paymentDeadline: string;
  invoiceCompany: string;
  discountDescription: string;
  discount: Rappen;
  total: Rappen;
  totalPaid: Rappen;
  status: AllotmentInvoiceState;
  agent: {
    displayName: string;
    company: string | null;
    street: string | null;
    zip: string | null;
    city: string | null;
    country: string | null;
  };
  allotments: {
    flightNumber: string;
    departure: string;
    origin: { code: string; timezone: string };
    destination: { code: string };
    tariffGroup: string;
    seatsNumber: number;
    costPerSeat: Rappen;
    total: Rappen;
  }[];
}

const STATUS_COLOR: Record<AllotmentInvoiceState, string> = {
  pending: WARNING_COLOR,
  overDeadline: ALERT_COLOR,
  paid: OK_COLOR,
  overpaid: OK_COLOR,
};

/** The payment reference printed on the document and expected on transfers: "AI-000012". */
export const allotmentInvoiceReference = (id: number) => `AI-${String(id).padStart(6, '0')}`;

/**
 * AllotmentInvoice.pdf: the agent's address and the invoice facts, the title with its status, one
 * line per allotment (flight, route, local departure, tariff group, seats, cost per seat, amount),
 * then the total, the discount with its description, the total with discount, what is paid and what
 * is still to pay, and how to pay it. The reservation documents' letterhead, font and table.
 */
export function renderAllotmentInvoice(invoice: AllotmentInvoiceDocument, locale: Locale): Promise<Buffer> {
  const t = translator(locale);
  const key = (name: string) => `allotmentDocuments.invoice.${name}`;
  const reference = allotmentInvoiceReference(invoice.id);
  const charged = totalWithDiscount(invoice);
  const outstanding = invoiceBalanceOf({ total: charged, totalPaid: invoice.totalPaid });
  const seats = invoice.allotments.reduce((sum, allotment) => sum + allotment.seatsNumber, 0);

  const doc = createPdf({
    title: `${t(key('documentTitle'), { number: invoice.id })} – ${invoice.title}`,
    lang: locale,
  });
  drawLetterhead(doc, t);

  // The agent's address on the left (where a window envelope shows it), the facts on the right.
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  const top = doc.y + 6;
  const { agent } = invoice;
  const addressee = invoice.invoiceCompany.trim() || agent.company || agent.displayName;
  const addressLines = [
    addressee,
    addressee === agent.displayName ? '' : agent.displayName,
    agent.street ?? '',
    [agent.zip, agent.city].filter(Boolean).join(' '),
    agent.country ?? '',
  ].filter((line) => line.trim() !== '');
  doc
    .font(FONT.regular)
    .fontSize(7.5)
    .fillColor(MUTED_COLOR)
    .text(t(key('billTo')), left, top, { width: 240 });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(TEXT_COLOR)
    .text(addressLines.join('\n'), left, doc.y + 2, { width: 240 });
  const addressBottom = doc.y;
  const statusText = t(`allotments.status.${invoice.status}`);
  const factsBottom = drawPairs(
    doc,
    [
      { label: t(key('number')), value: String(invoice.id), bold: true },
      { label: t(key('date')), value: formatDate(invoice.invoiceDate) },
      { label: t('reservationDocuments.common.paymentDeadline'), value: formatDate(invoice.paymentDeadline) },
      { label: t(key('agent')), value: agent.displayName },
      { label: t(key('paymentReference')), value: reference, bold: true },
      { label: t(key('status')), value: statusText, bold: true, color: STATUS_COLOR[invoice.status] },
    ],
    { x: left + width - 260, y: top, width: 260, labelWidth: 120 },
  );
  doc.x = left;
  doc.y = Math.max(addressBottom, factsBottom) + 22;

  // The title with the status in a frame beside it.
  const titleTop = doc.y;
  const stamp = statusText.toUpperCase();
  doc.font(FONT.bold).fontSize(11);
  const stampWidth = doc.widthOfString(stamp) + 16;
  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(TEXT_COLOR)
    .text(invoice.title, left, titleTop, { width: width - stampWidth - 12 });
  const titleBottom = doc.y;
  doc
    .rect(left + width - stampWidth, titleTop - 1, stampWidth, 21)
    .lineWidth(1.5)
    .strokeColor(STATUS_COLOR[invoice.status])
    .stroke();
  doc
    .font(FONT.bold)
    .fontSize(11)
    .fillColor(STATUS_COLOR[invoice.status])
    .text(stamp, left + width - stampWidth, titleTop + 4, { width: stampWidth, align: 'center' });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(TEXT_COLOR)
    .text(t(key('documentTitle'), { number: invoice.id }), left, Math.max(titleBottom, titleTop + 22), {
      width,
    });
  resetText(doc);
  doc.x = left;
  doc.y += 10;

  const rows: TableRow[] = invoice.allotments.map((allotment) => ({
    cells: [
      allotment.flightNumber,
      `${allotment.origin.code}–${allotment.destination.code}`,
      airportDateTime(allotment.departure, allotment.origin.timezone, locale),
      allotment.tariffGroup,
      String(allotment.seatsNumber),
      money(allotment.costPerSeat, locale),
      money(allotment.total, locale),
    ],
  }));
  const sumRow = (label: string, amount: string, extra: Partial<TableRow> = {}): TableRow => ({
    cells: [{ text: label, span: 6 }, amount],
    keepWithNext: true,
    ...extra,
  });
  rows.push(
    sumRow(t(key('total'), { count: seats }), money(invoice.total, locale), { bold: true, rule: 'thick' }),
  );
  if (invoice.discount > 0) {
    const description = invoice.discountDescription.trim();
    rows.push(
      sumRow(
        description ? t(key('discountWith'), { description }) : t(key('discount')),
        // A minus before the amount reads the same in every language (Intl would write "CHF-99.60").
        `− ${money(invoice.discount, locale)}`,
      ),
    );
    rows.push(sumRow(t(key('totalWithDiscount')), money(charged, locale), { bold: true }));
  }
  rows.push(sumRow(t(key('totalPaid')), money(invoice.totalPaid, locale)));
  rows.push(
    outstanding < 0
      ? sumRow(t(key('overpaid')), money(-outstanding, locale), { bold: true, keepWithNext: false })
      : sumRow(t(key('outstanding')), money(outstanding, locale), { bold: true, keepWithNext: false }),
  );
  drawTable(doc, {
    columns: [
      { header: t(key('columns.flight')), width: 58 },
      { header: t(key('columns.route')), width: 58 },
      { header: t(key('columns.departure')), width: 112 },
      { header: t(key('columns.tariffGroup')), width: width - 58 - 58 - 112 - 44 - 78 - 88 },
      { header: t(key('columns.seats')), width: 44, align: 'right' },
      { header: t(key('columns.costPerSeat')), width: 78, align: 'right' },
      { header: t(key('columns.amount')), width: 88, align: 'right' },
    ],
    rows,
    fontSize: 8.5,
  });

  if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.y += 6;
  const note =
    outstanding > 0
      ? t(key('payInstruction'), {
          amount: money(outstanding, locale),
          deadline: formatDate(invoice.paymentDeadline),
          reference,
        })
      : t(key('paidInFull'));
  doc.font(FONT.regular).fontSize(9).fillColor(TEXT_COLOR).text(note, left, doc.y, { width });
  if (outstanding > 0) drawBankDetails(doc, t, { label: t(key('paymentReference')), value: reference });
  resetText(doc);

  drawPageFooters(doc, (page, pages) =>
    [
      COMPANY.name,
      t(key('documentTitle'), { number: invoice.id }),
      t('reservationDocuments.common.page', { page, pages }),
    ].join('  ·  '),
  );
  return pdfBuffer(doc);
}
