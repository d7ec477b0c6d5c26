import '../reservations.css';
import { adminPath } from '@flybook/domain';
import { INVOICE_STATUSES, type ReservationListItem } from '@flybook/schemas';
import type { CrudFilter } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DateFilter,
  type FilterOption,
  ListFilters,
  SearchFilter,
  SelectFilter,
} from '../../app/list/ListFilters.tsx';
import { ServerList } from '../../app/list/ServerList.tsx';
import { useServerList } from '../../app/list/use-server-list.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRouteAccess } from '../../app/route-access.ts';
import { SectionTabs } from '../../app/SectionTabs.tsx';
import { ReservationLinkAction } from '../list/ReservationRowActions.tsx';
import { reservationListPermissions, rowActionState } from '../list/reservation-actions.ts';
import { type Cell, reservationColumns } from '../list/reservation-columns.tsx';
import { highlightedId, highlightedRow } from '../list/reservation-filters.ts';
import { invoiceStatusLabel } from '../reservation-format.ts';
import { INVOICE_OVERVIEW } from '../reservation-resources.ts';

/** Spec 02 §9: default 15, max 50, earliest deadline first. */
export const INVOICE_OVERVIEW_LIST = {
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'paymentDeadline', order: 'asc' },
} as const;

type InvoiceFilterValues = {
  query: string;
  /** 'unpaid' (not paid and partly paid; the default), one invoice status, or 'all'. */
  paymentStatus: string;
  deadlineFrom: string;
  deadlineTo: string;
};

const INITIAL_FILTERS: InvoiceFilterValues = {
  query: '',
  paymentStatus: 'unpaid',
  deadlineFrom: '',
  deadlineTo: '',
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The API's filters for the bar's values; a half-typed or reversed interval is left out until mended. */
export function invoiceOverviewFilters(values: InvoiceFilterValues): CrudFilter[] {
  const filters: CrudFilter[] = [];
  const query = values.query.trim();
  if (query) filters.push({ field: 'query', operator: 'contains', value: query.slice(0, 100) });
  const status = values.paymentStatus === 'all' ? [...INVOICE_STATUSES] : [values.paymentStatus];
  filters.push({ field: 'paymentStatus', operator: 'in', value: status });
  const from = DATE.test(values.deadlineFrom) ? values.deadlineFrom : '';
  const to = DATE.test(values.deadlineTo) ? values.deadlineTo : '';
  if ((from || to) && !(from && to && to < from)) {
    filters.push({ field: 'deadlineDateInterval', operator: 'between', value: [from, to] });
  }
  return filters;
}

const withSource = (path: string) => `${path}?source=invoiceOverview`;

/** Edit and pay, both coming back here (spec 02 §2: source=invoiceOverview). */
function InvoiceActionsCell({ data }: Cell) {
  const { user } = useRouteAccess();
  const permissions = useMemo(() => reservationListPermissions(user), [user]);
  if (!data) return null;
  return (
    <div className="row-actions">
      {(['edit', 'pay'] as const).map((action) => (
        <ReservationLinkAction
          key={action}
          action={action}
          reservation={data}
          state={rowActionState(action, data, permissions)}
          to={withSource(
            action === 'edit'
              ? adminPath('reservationEdit', { reservationId: data.id })
              : adminPath('reservationPayment', { reservationId: data.id }),
          )}
        />
      ))}
    </div>
  );
}

/**
 * Invoice Overview (spec 02 §2 /reservation/invoiceOverview): open reservations paid by bill,
 * unpaid ones first by default, earliest deadline first; edit and pay come back here.
 */
export function InvoiceOverviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user } = useRouteAccess();
  const list = useServerList<ReservationListItem, InvoiceFilterValues>({
    ...INVOICE_OVERVIEW_LIST,
    resource: INVOICE_OVERVIEW,
    initialFilters: INITIAL_FILTERS,
    toFilters: invoiceOverviewFilters,
  });
  const statusOptions = useMemo<FilterOption[]>(
    () => [
      { value: 'unpaid', label: t('reservations.invoiceOverview.unpaid') },
      ...INVOICE_STATUSES.map((value) => ({ value, label: invoiceStatusLabel(t, value) })),
      { value: 'all', label: t('reservations.invoiceOverview.all') },
    ],
    [t],
  );
  const columns = useMemo(() => reservationColumns({ t, fullView: true, actions: InvoiceActionsCell }), [t]);

  return (
    <>
      <SectionTabs section="reservation" user={user} />
      <PageHeader title={t('reservations.invoiceOverview.title')} />
      <ListFilters>
        <SearchFilter
          list={list}
          name="query"
          label={t('list.search')}
          description={t('reservations.filters.queryHint')}
        />
        <SelectFilter
          list={list}
          name="paymentStatus"
          label={t('reservations.filters.paymentStatus')}
          options={statusOptions}
        />
        <DateFilter list={list} name="deadlineFrom" label={t('reservations.filters.deadlineFrom')} />
        <DateFilter list={list} name="deadlineTo" label={t('reservations.filters.deadlineTo')} />
      </ListFilters>
      <div className="reservation-list">
        <ServerList
          list={list}
          columns={columns}
          label={t('reservations.invoiceOverview.title')}
          emptyTitle={t('reservations.invoiceOverview.empty')}
          emptyHint={t('list.emptyHint')}
          rowClassName={highlightedRow(highlightedId(params))}
        />
      </div>
    </>
  );
}
