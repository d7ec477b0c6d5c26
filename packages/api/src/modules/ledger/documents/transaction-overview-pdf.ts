import { type AccountType, growsOnDebit, type Rappen, subtractMoney, sumMoney } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import type { TFunction } from 'i18next';
import {
  drawLetterhead,
  drawPairs,
  drawSectionTitle,
  drawTitle,
  formatDate,
  MUTED_COLOR,
  money,
  resetText,
  textWidth,
} from '../../../platform/documents/document-layout.ts';
import { translator } from '../../../platform/i18n.ts';
import { createPdf, drawTable, FONT, pdfBuffer, type TableRow } from '../../../platform/pdf.ts';
import { drawLedgerFooters, officeDateTime } from './ledger-document-layout.ts';

/** One balance-log record as seen from the selected account; money in Rappen. */
export interface TransactionOverviewRecord {
  id: number;
  createdAt: Date;
  /** The record's category, already in the document's language. */
  typeName: string;
  title: string;
  description: string;
  /** The name of the account on the other side of the record. */
  counterAccount: string;
  /** The side the selected account is on. */
  direction: 'debit' | 'credit';
  amount: Rappen;
  /** The selected account's balance after the record. */
  balanceAfter: Rappen;
}

export interface TransactionOverviewInput {
  account: { id: number; displayName: string; type: AccountType };
  /** The filter's local days (yyyy-mm-dd, Europe/Zurich); null for an open end. */
  period: { from: string | null; to: string | null };
  /** The selected account's balance before the first and after the last record of the period. */
  summary: { initialBalance: Rappen; finalBalance: Rappen };
  /** In the order they are printed (oldest first for a running balance). */
  records: TransactionOverviewRecord[];
  /** Language of the document. */
  locale: Locale;
  /** When the overview is printed. Defaults to now. */
  generatedAt?: Date;
}

function periodText(t: TFunction, { from, to }: TransactionOverviewInput['period']): string {
  if (from && to)
    return t('ledgerDocuments.transactionOverview.periodRange', {
      from: formatDate(from),
      to: formatDate(to),
    });
  if (from) return t('ledgerDocuments.transactionOverview.periodFrom', { from: formatDate(from) });
  if (to) return t('ledgerDocuments.transactionOverview.periodTo', { to: formatDate(to) });
  return t('ledgerDocuments.transactionOverview.periodAll');
}

/**
 * The transaction overview of one account (TransactionOverview.pdf, spec 03 Accounting: the balance
 * log's overview PDF): the account and period, one row per record with the amount in the debit or
 * credit column of the selected account and its balance after it, the totals of both columns, and
 * the initial and final balance with the change between them. Landscape, so the seven columns keep
 * amounts on one line; the table repeats its header on every page.
 */
export function renderTransactionOverview(input: TransactionOverviewInput): Promise<Buffer> {
  const { account, period, summary, records, locale, generatedAt = new Date() } = input;
  const t = translator(locale);
  const chf = (amount: Rappen) => money(amount, locale);
  const title = t('ledgerDocuments.transactionOverview.title');
  const accountTypes: Record<AccountType, string> = {
    asset: t('ledgerDocuments.transactionOverview.accountTypes.asset'),
    expense: t('ledgerDocuments.transactionOverview.accountTypes.expense'),
    revenue: t('ledgerDocuments.transactionOverview.accountTypes.revenue'),
    liability: t('ledgerDocuments.transactionOverview.accountTypes.liability'),
  };

  const doc = createPdf({
    title: `${title} ${account.displayName}`,
    lang: locale,
    layout: 'landscape',
    createdAt: generatedAt,
  });
  const left = doc.page.margins.left;
  const width = textWidth(doc);
  drawLetterhead(doc, t);
  drawTitle(doc, title, account.displayName);

  doc.y = drawPairs(
    doc,
    [
      { label: t('ledgerDocuments.transactionOverview.account'), value: account.displayName, bold: true },
      { label: t('ledgerDocuments.transactionOverview.accountNumber'), value: String(account.id) },
      { label: t('ledgerDocuments.transactionOverview.accountType'), value: accountTypes[account.type] },
      { label: t('ledgerDocuments.transactionOverview.period'), value: periodText(t, period) },
      { label: t('reservationDocuments.overview.printedOn'), value: officeDateTime(generatedAt) },
    ],
    { x: left, y: doc.y, width: 480, labelWidth: 130 },
  );
  // Which way the balance moves decides how the debit and credit columns read.
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(MUTED_COLOR)
    .text(
      growsOnDebit(account.type)
        ? t('ledgerDocuments.transactionOverview.growsOnDebit')
        : t('ledgerDocuments.transactionOverview.growsOnCredit'),
      left,
      doc.y + 4,
      { width },
    );
  resetText(doc);
  doc.y += 14;

  const debits = sumMoney(records.filter((record) => record.direction === 'debit').map((r) => r.amount));
  const credits = sumMoney(records.filter((record) => record.direction === 'credit').map((r) => r.amount));

  drawSectionTitle(doc, t('ledgerDocuments.transactionOverview.transactions'));
  if (records.length === 0) {
    doc
      .font(FONT.bold)
      .fontSize(10)
      .text(t('ledgerDocuments.transactionOverview.noTransactions'), left, doc.y + 4, { width });
    resetText(doc);
    doc.y += 10;
  } else {
    const rows: TableRow[] = [
      {
        cells: [
          { text: t('ledgerDocuments.transactionOverview.initialBalance'), span: 7 },
          chf(summary.initialBalance),
        ],
        bold: true,
      },
      ...records.map(
        (record): TableRow => ({
          cells: [
            String(record.id),
            officeDateTime(record.createdAt),
            record.typeName,
            record.description && record.description !== record.title
              ? `${record.title}\n${record.description}`
              : record.title,
            record.counterAccount,
            record.direction === 'debit' ? chf(record.amount) : '',
            record.direction === 'credit' ? chf(record.amount) : '',
            chf(record.balanceAfter),
          ],
          rule: 'thin',
        }),
      ),
      {
        cells: [
          { text: t('ledgerDocuments.transactionOverview.total'), span: 5 },
          chf(debits),
          chf(credits),
          '',
        ],
        bold: true,
        rule: 'thick',
        keepWithNext: true,
      },
      {
        cells: [
          { text: t('ledgerDocuments.transactionOverview.finalBalance'), span: 7 },
          chf(summary.finalBalance),
        ],
        bold: true,
      },
    ];
    const fixed = 38 + 84 + 80 + 125 + 80 + 80 + 84;
    drawTable(doc, {
      columns: [
        { header: t('ledgerDocuments.transactionOverview.columns.number'), width: 38 },
        { header: t('ledgerDocuments.transactionOverview.columns.dateTime'), width: 84 },
        { header: t('ledgerDocuments.transactionOverview.columns.category'), width: 80 },
        { header: t('ledgerDocuments.transactionOverview.columns.titleDescription'), width: width - fixed },
        { header: t('ledgerDocuments.transactionOverview.columns.counterAccount'), width: 125 },
        { header: t('ledgerDocuments.transactionOverview.columns.debit'), width: 80, align: 'right' },
        { header: t('ledgerDocuments.transactionOverview.columns.credit'), width: 80, align: 'right' },
        { header: t('ledgerDocuments.transactionOverview.columns.balanceAfter'), width: 84, align: 'right' },
      ],
      rows,
      fontSize: 7.5,
    });
  }
  doc.y += 8;

  drawSectionTitle(doc, t('ledgerDocuments.transactionOverview.summary'), 90);
  doc.y = drawPairs(
    doc,
    [
      { label: t('ledgerDocuments.transactionOverview.initialBalance'), value: chf(summary.initialBalance) },
      { label: t('ledgerDocuments.transactionOverview.totalDebits'), value: chf(debits) },
      { label: t('ledgerDocuments.transactionOverview.totalCredits'), value: chf(credits) },
      {
        label: t('ledgerDocuments.transactionOverview.finalBalance'),
        value: chf(summary.finalBalance),
        bold: true,
      },
      {
        label: t('ledgerDocuments.transactionOverview.change'),
        value: chf(subtractMoney(summary.finalBalance, summary.initialBalance)),
      },
    ],
    { x: left, y: doc.y, width: 300, labelWidth: 160 },
  );

  drawLedgerFooters(doc, t, `${title} · ${account.displayName}`);
  return pdfBuffer(doc);
}
