import type { Locale } from '@flybook/locales';
import type { AllotmentInvoice } from '@flybook/schemas';
import { formatChf } from '@flybook/ui';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { formatDate } from '../flights/flight-list/flight-columns.tsx';
import { InvoiceStatusBadge } from './allotment-columns.tsx';

const numberColumn = { cellClass: 'list-cell--number', headerClass: 'list-header--number' };

function StatusCell({ data }: CustomCellRendererProps<AllotmentInvoice>) {
  return data ? <InvoiceStatusBadge status={data.status} /> : null;
}

/**
 * The allotment invoice list's columns (spec 03 §2): number, title, agent (full list only),
 * invoice date, payment deadline, seats, what it charges, what is paid and still open, status.
 * Sortable on the server: invoiceDate, paymentDeadline, id, title, totalWithDiscount.
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
  const columns: ColDef<AllotmentInvoice>[] = [
    {
      colId: 'id',
      headerName: t('allotments.invoices.columns.id'),
      field: 'id',
      sortable: true,
      flex: 0,
      width: 90,
      ...numberColumn,
    },
    {
      colId: 'title',
      headerName: t('allotments.invoices.columns.title'),
      field: 'title',
      sortable: true,
      flex: 2,
      minWidth: 180,
    },
  ];
  if (showAgent) {
    columns.push({
      colId: 'agent',
      headerName: t('allotments.invoices.columns.agent'),
      valueGetter: ({ data }) => data?.agent.displayName ?? '',
      minWidth: 160,
    });
  }
  columns.push(
    {
      colId: 'invoiceDate',
      headerName: t('allotments.invoices.columns.invoiceDate'),
      valueGetter: ({ data }) => (data ? formatDate(data.invoiceDate, locale) : ''),
      sortable: true,
      minWidth: 130,
    },
    {
      colId: 'paymentDeadline',
      headerName: t('allotments.invoices.columns.paymentDeadline'),
      valueGetter: ({ data }) => (data ? formatDate(data.paymentDeadline, locale) : ''),
      sortable: true,
      minWidth: 130,
    },
    {
      colId: 'seats',
      headerName: t('allotments.invoices.columns.seats'),
      field: 'seats',
      minWidth: 80,
      ...numberColumn,
    },
    {
      colId: 'totalWithDiscount',
      headerName: t('allotments.invoices.columns.totalWithDiscount'),
      valueGetter: ({ data }) => data?.totalWithDiscount ?? null,
      valueFormatter: ({ value }) => money(value),
      sortable: true,
      minWidth: 130,
      ...numberColumn,
    },
    {
      colId: 'totalPaid',
      headerName: t('allotments.invoices.columns.totalPaid'),
      valueGetter: ({ data }) => data?.totalPaid ?? null,
      valueFormatter: ({ value }) => money(value),
      minWidth: 120,
      ...numberColumn,
    },
    {
      colId: 'status',
      headerName: t('allotments.invoices.columns.status'),
      cellRenderer: StatusCell,
      minWidth: 140,
    },
  );
  return columns;
}
