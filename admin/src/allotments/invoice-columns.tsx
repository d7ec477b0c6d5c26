import '../app/list/list.css';
import type { Locale } from '@flybook/locales';
import { formatChf, formatDate } from '@flybook/locales/format';
import type { AllotmentInvoice } from '@flybook/schemas';

import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { InvoiceStatusBadge } from './allotment-columns.tsx';

const numberColumn = { cellClass: 'list-cell--number', headerClass: 'list-header--number' };

function StatusCell({ data }: CustomCellRendererProps<AllotmentInvoice>) {
  return data ? <InvoiceStatusBadge status={data.status} /> : null;
}

/** The invoice's number and title, whole on hover when the column cuts it, and the agent under them. */
function TitleCell({ data, showAgent }: CustomCellRendererProps<AllotmentInvoice> & { showAgent: boolean }) {
  if (!data) return null;
  return (
    <span className="list-cell-stack">
      <span className="list-cell-stack__main allotment-invoice-ref" title={`#${data.id} ${data.title}`}>
        <span className="allotment-invoice-ref__number">#{data.id}</span> <span>{data.title}</span>
      </span>
      {showAgent ? <span className="list-cell-stack__detail">{data.agent.displayName}</span> : null}
    </span>
  );
}

/**
 * The allotment invoice list's columns (spec 03 §2): number and title with the agent (full list only),
 * invoice date, payment deadline, what it charges, what is paid, status.
 * Sortable on the server: title, invoiceDate, paymentDeadline, totalWithDiscount.
 */
export function invoiceColumns({
  t,
  locale,
  showAgent,
}: {
  t: TFunction;
  locale: Locale;
  showAgent: boolean;
}): ColDef<AllotmentInvoice>[] {
  const money = (value: unknown) => (typeof value === 'number' ? formatChf(value, locale) : '–');
  // The agent is under the title (full list only) and fixed widths go where the content has a known
  // length, so a row fits 1280 px without scrolling sideways.
  const columns: ColDef<AllotmentInvoice>[] = [
    {
      colId: 'title',
      headerName: showAgent
        ? t('allotments.invoices.columns.titleAgent')
        : t('allotments.invoices.columns.title'),
      valueGetter: ({ data }) => (data ? `#${data.id} ${data.title}` : ''),
      cellRenderer: TitleCell,
      cellRendererParams: { showAgent },
      sortable: true,
      flex: 1,
      minWidth: 150,
    },
  ];
  columns.push(
    {
      colId: 'invoiceDate',
      headerName: t('allotments.invoices.columns.invoiceDate'),
      valueGetter: ({ data }) => (data ? formatDate(data.invoiceDate, locale) : ''),
      sortable: true,
      flex: 0,
      width: 130,
    },
    {
      colId: 'paymentDeadline',
      headerName: t('allotments.invoices.columns.paymentDeadline'),
      valueGetter: ({ data }) => (data ? formatDate(data.paymentDeadline, locale) : ''),
      sortable: true,
      flex: 0,
      width: 130,
    },
    {
      colId: 'totalWithDiscount',
      headerName: t('allotments.invoices.columns.totalWithDiscount'),
      valueGetter: ({ data }) => data?.totalWithDiscount ?? null,
      valueFormatter: ({ value }) => money(value),
      sortable: true,
      flex: 0,
      width: 135,
      ...numberColumn,
    },
    {
      colId: 'totalPaid',
      headerName: t('allotments.invoices.columns.totalPaid'),
      valueGetter: ({ data }) => data?.totalPaid ?? null,
      valueFormatter: ({ value }) => money(value),
      flex: 0,
      width: 135,
      ...numberColumn,
    },
    {
      colId: 'status',
      headerName: t('allotments.invoices.columns.status'),
      cellRenderer: StatusCell,
      flex: 0,
      width: 145,
    },
  );
  return columns;
}
