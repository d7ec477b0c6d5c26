import type { Locale } from '@flybook/locales';
import { formatChf, formatDateTime } from '@flybook/locales/format';
import { accountName, recordDescription, recordTitle } from '@flybook/locales/ledger';
import type { BalanceLogRecord } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cellControlKeys, FIT_CONTENT } from '../../app/list/ServerList.tsx';
import { balanceAfterRecord } from './balance-log-filters.ts';

/**
 * The record's title, and its description after it when there is one (one line; all of it on
 * hover), both in the interface's language (docs/payments.md).
 */
function TitleCell({ data }: CustomCellRendererProps<BalanceLogRecord>) {
  const { t } = useTranslation();
  if (!data) return null;
  const title = recordTitle(t, data);
  const text = recordDescription(t, data);
  const description = text && text !== title ? text : null;
  return (
    <div className="balance-log__title" title={description ? `${title} · ${description}` : title}>
      <span>{title}</span>
      {description ? <span className="balance-log__description">· {description}</span> : null}
    </div>
  );
}

/** A category or an account: one line ending in an ellipsis in a narrow column, all of it on hover. */
function TextCell({ value }: CustomCellRendererProps<BalanceLogRecord, string>) {
  return value ? (
    <span className="balance-log__text" title={value}>
      {value}
    </span>
  ) : null;
}

export interface CashbackPdfAction {
  /** The button's text and its accessible name naming the record. */
  text: string;
  label: (record: BalanceLogRecord) => string;
  onPress: (record: BalanceLogRecord) => void;
  /** The record whose PDF is being made, for a busy button. */
  busyId: number | null;
}

/**
 * The balance log's columns (spec 03 §2): date, category, title, both accounts, amount and, when an
 * account is selected, its balance after the record. Dates and amounts are sortable on the server
 * (`sortBy` createdAt, amount). The date, the amounts and the documents are as wide as their
 * contents (the documents column, empty on most pages, as narrow as its header); category, title
 * and accounts share the rest, cut with an ellipsis under a tooltip, so eight columns fit 1280 px
 * in every language (docs/i18n.md "List layout").
 */
export function balanceLogColumns({
  t,
  locale,
  selectedAccountId,
  cashbackPdf,
}: {
  t: TFunction;
  locale: Locale;
  selectedAccountId: number | null;
  cashbackPdf: CashbackPdfAction | null;
}): ColDef<BalanceLogRecord>[] {
  const money = (value: unknown) => (typeof value === 'number' ? formatChf(value, locale) : '–');
  const columns: ColDef<BalanceLogRecord>[] = [
    {
      colId: 'createdAt',
      headerName: t('ledger.balanceLog.columns.date'),
      valueGetter: ({ data }) => (data ? formatDateTime(data.createdAt, locale) : ''),
      sortable: true,
      ...FIT_CONTENT,
    },
    {
      colId: 'type',
      headerName: t('ledger.balanceLog.columns.category'),
      valueGetter: ({ data }) => (data ? data.type.name[locale] || data.type.code : ''),
      cellRenderer: TextCell,
      minWidth: 110,
      flex: 1,
    },
    {
      colId: 'title',
      headerName: t('ledger.balanceLog.columns.title'),
      cellRenderer: TitleCell,
      flex: 1.6,
      minWidth: 140,
    },
    {
      colId: 'debitAccount',
      headerName: t('ledger.balanceLog.columns.debitAccount'),
      valueGetter: ({ data }) => (data ? accountName(t, data.debitAccount) : ''),
      cellRenderer: TextCell,
      minWidth: 110,
      flex: 1,
    },
    {
      colId: 'creditAccount',
      headerName: t('ledger.balanceLog.columns.creditAccount'),
      valueGetter: ({ data }) => (data ? accountName(t, data.creditAccount) : ''),
      cellRenderer: TextCell,
      minWidth: 110,
      flex: 1,
    },
    {
      colId: 'amount',
      headerName: t('ledger.balanceLog.columns.amount'),
      valueGetter: ({ data }) => data?.amount ?? null,
      valueFormatter: ({ value }) => money(value),
      sortable: true,
      cellClass: 'list-cell--number',
      headerClass: 'list-header--number',
      ...FIT_CONTENT,
    },
  ];
  if (selectedAccountId !== null) {
    columns.push({
      colId: 'balance',
      headerName: t('ledger.balanceLog.columns.balance'),
      valueGetter: ({ data }) => (data ? balanceAfterRecord(data, selectedAccountId) : null),
      valueFormatter: ({ value }) => money(value),
      cellClass: 'list-cell--number',
      headerClass: 'list-header--number',
      ...FIT_CONTENT,
    });
  }
  if (cashbackPdf) {
    columns.push({
      colId: 'documents',
      headerName: t('ledger.balanceLog.columns.documents'),
      ...FIT_CONTENT,
      cellClass: 'list-cell--actions',
      suppressKeyboardEvent: cellControlKeys,
      cellRenderer: ({ data }: CustomCellRendererProps<BalanceLogRecord>) =>
        data && data.type.code === 'cashback' ? (
          <Button
            variant="secondary"
            className="row-action"
            aria-label={cashbackPdf.label(data)}
            isPending={cashbackPdf.busyId === data.id}
            onPress={() => cashbackPdf.onPress(data)}
          >
            {cashbackPdf.text}
          </Button>
        ) : null,
    });
  }
  return columns;
}
