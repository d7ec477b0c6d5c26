import { formatMoney } from '@flybook/locales/format';
import './allotments.css';
import { adminPath, officeToday } from '@flybook/domain';
import type { AllotmentInvoice, AllotmentListItem } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../app/layout-parts.tsx';
import { DateFilter, ListFilters, SelectFilter } from '../app/list/ListFilters.tsx';
import { type RowAction, type RowSelection, ServerList } from '../app/list/ServerList.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { AgentFilter } from './AgentFilter.tsx';
import { allotmentAccess } from './allotment-access.ts';
import { allotmentColumns, flightLabel } from './allotment-columns.tsx';
import {
  type AllotmentFilterValues,
  allotmentCrudFilters,
  currentWeek,
  initialAllotmentFilters,
  invoiceCandidate,
} from './allotment-filters.ts';
import { AGENT_ALLOTMENTS, ALLOTMENTS } from './allotment-resources.ts';
import { InvoiceDialog } from './InvoiceDialog.tsx';
import { useInvoicePdf } from './use-invoice-pdf.ts';

/** Spec 03 §9: default 30, max 500, by flight date ascending. */
export const ALLOTMENT_LIST = {
  defaultPageSize: 30,
  maxPageSize: 500,
  defaultSort: { field: 'flightDate', order: 'asc' },
} as const;

/**
 * Allotments (spec 03 §2 Allotment section): the seat blocks of agents on flights, this week's open
 * ones first. Staff filter by agent, see the costs with their role, choose allotments of one agent
 * and invoice them (Create invoice in the footer); agents see their own. Row actions: edit the
 * flight, the invoice PDF.
 */
export function AllotmentListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, canOpen } = useRouteAccess();
  const access = useMemo(() => allotmentAccess(user), [user]);
  const [initialFilters] = useState(() => initialAllotmentFilters(officeToday()));
  const toFilters = useMemo(() => allotmentCrudFilters(access.fullList), [access.fullList]);
  const list = useServerList<AllotmentListItem, AllotmentFilterValues>({
    ...ALLOTMENT_LIST,
    resource: access.fullList ? ALLOTMENTS : AGENT_ALLOTMENTS,
    initialFilters,
    toFilters,
  });
  const [chosen, setChosen] = useState<ReadonlyMap<number, AllotmentListItem>>(new Map());
  const [creating, setCreating] = useState(false);
  const pdf = useInvoicePdf(access.fullList);

  // A choice belongs to the filters it was made under.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears on every change of the filter values
  useEffect(() => setChosen(new Map()), [list.filterValues]);

  const mayInvoice = access.fullList && access.invoiceEdit;
  const selection = useMemo<RowSelection<AllotmentListItem> | undefined>(
    () =>
      mayInvoice
        ? {
            isSelected: (row) => chosen.has(row.id),
            onChange: (rows, selected) =>
              setChosen((current) => {
                const next = new Map(current);
                for (const row of rows) {
                  if (selected) next.set(row.id, row);
                  else next.delete(row.id);
                }
                return next;
              }),
            rowLabel: (row) => t('allotments.list.selectRow', { flight: flightLabel(row.flight, locale) }),
            pageLabel: t('allotments.list.selectPage'),
          }
        : undefined,
    [mayInvoice, chosen, t, locale],
  );

  const actions = useMemo<RowAction<AllotmentListItem>[]>(
    () => [
      {
        id: 'editFlight',
        text: t('allotments.list.editFlight'),
        label: (row) => t('allotments.list.editFlightOf', { flight: flightLabel(row.flight, locale) }),
        to: (row) => `${adminPath('flightEdit', { flightId: row.flight.id })}?source=allotmentList`,
        isDisabled: () => !canOpen('flightEdit'),
      },
      {
        id: 'pdf',
        text: t('allotments.list.invoicePdf'),
        label: (row) => t('allotments.list.invoicePdfOf', { flight: flightLabel(row.flight, locale) }),
        onPress: (row) => {
          if (row.invoice) pdf.download(row.invoice.id);
        },
        isDisabled: (row) => row.invoice === null || !access.invoicePdf || pdf.busyId === row.invoice.id,
      },
    ],
    [t, locale, canOpen, access.invoicePdf, pdf.download, pdf.busyId],
  );

  const columns = useMemo(
    () =>
      allotmentColumns({
        t,
        locale,
        showAgent: access.fullList,
        showCost: list.rows.some((row) => row.costPerSeat !== undefined),
      }),
    [t, locale, access.fullList, list.rows],
  );

  const rows = [...chosen.values()];
  const candidate = invoiceCandidate(rows);
  const week = currentWeek(officeToday());
  const title = t('allotments.list.title');

  return (
    <>
      <SectionTabs section="allotment" user={user} />
      <PageHeader title={title} />
      <ListFilters>
        {access.fullList ? <AgentFilter list={list} /> : null}
        <DateFilter list={list} name="departureFrom" label={t('allotments.filters.departureFrom')} />
        <DateFilter list={list} name="departureTo" label={t('allotments.filters.departureTo')} />
        <SelectFilter
          list={list}
          name="invoicedStatus"
          label={t('allotments.filters.invoicedStatus')}
          anyLabel={t('allotments.filters.invoicedAll')}
          options={[
            { value: 'open', label: t('allotments.filters.open') },
            { value: 'invoiced', label: t('allotments.filters.invoiced') },
          ]}
        />
      </ListFilters>
      <ServerList
        list={list}
        columns={columns}
        label={title}
        emptyTitle={t('allotments.list.empty')}
        emptyHint={
          list.filterValues.departureFrom === week.from && list.filterValues.departureTo === week.to
            ? t('allotments.list.emptyWeekHint')
            : t('list.emptyHint')
        }
        actions={actions}
        selection={selection}
      />
      {mayInvoice ? (
        <section className="allotment-footer" aria-label={t('allotments.list.footer')}>
          <p className="allotment-footer__count" role="status">
            {rows.length === 0
              ? t('allotments.list.noneSelected')
              : candidate.kind === 'ready'
                ? [
                    t('allotments.list.selected', { count: rows.length, seats: candidate.seats }),
                    candidate.total === null ? null : formatMoney(candidate.total, locale),
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : t('allotments.list.selected', {
                    count: rows.length,
                    seats: rows.reduce((sum, row) => sum + row.seatsNumber, 0),
                  })}
          </p>
          {candidate.kind === 'severalAgents' || candidate.kind === 'invoiced' ? (
            <p className="allotment-footer__hint">{t(`allotments.list.cannotInvoice.${candidate.kind}`)}</p>
          ) : null}
          <div className="allotment-footer__actions">
            {rows.length > 0 ? (
              <Button variant="link" onPress={() => setChosen(new Map())}>
                {t('allotments.list.clearSelection')}
              </Button>
            ) : null}
            <Button isDisabled={candidate.kind !== 'ready'} onPress={() => setCreating(true)}>
              {t('allotments.list.createInvoice')}
            </Button>
          </div>
        </section>
      ) : null}
      {creating && candidate.kind === 'ready' ? (
        <InvoiceDialog
          mode={{ kind: 'create', candidate, today: officeToday() }}
          onClose={() => setCreating(false)}
          onSaved={(invoice: AllotmentInvoice) => {
            setCreating(false);
            setChosen(new Map());
            pdf.download(invoice.id);
          }}
        />
      ) : null}
    </>
  );
}
