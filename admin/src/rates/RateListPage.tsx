import { adminPath, satisfies } from '@flybook/domain';
import { formatMoney } from '@flybook/locales/format';
import { type Rate, rateCalls } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/context.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { CatalogueListPage } from '../app/list/CatalogueListPage.tsx';
import { StatusBadge } from '../app/list/StatusBadge.tsx';
import { useDeleteRow } from '../app/list/use-delete-row.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { useRouteAccess } from '../app/route-access.ts';
import { RATES } from './rate-resources.ts';
import { tariffTotal } from './rate-totals.ts';
import { tariffName, useTariffs } from './tariffs.ts';

/** Spec 03 §9: default 15, max 50, sorted by name, active only. */
export const RATE_LIST = {
  resource: RATES,
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'name', order: 'asc' },
} as const;

const editPath = (row: Rate) => adminPath('rateEdit', { rateId: row.id });
const rowName = (row: Rate) => row.name;

/**
 * Rates (spec 03 §2): search, active only, and per tariff what a one-way adult seat costs under the
 * rate (standard price + fuel fee + airport fee), one column per tariff of the tariff list. With
 * ROLE_RATE_DELETE a rate no flight uses can be deleted (its prices go with it).
 */
export function RateListPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const { user } = useRouteAccess();
  const remove = useDeleteRow<Rate>({
    remove: (rate) => client.call(rateCalls.remove, { params: { id: rate.id } }),
    mayDelete: satisfies(user.roles, 'ROLE_RATE_DELETE'),
    rowName,
    title: t('rates.list.deleteTitle'),
    message: (rate) => t('rates.list.deleteMessage', { name: rate.name }),
    resource: RATES,
    // the flight form's choice of rates
    queryKeys: [['lookup', 'rates']],
  });
  const locale = useLocale();
  const { tariffs } = useTariffs();
  const list = useServerList<Rate, { query: string; isActive: boolean }>({
    ...RATE_LIST,
    initialFilters: { query: '', isActive: true },
  });

  const columns = useMemo<ColDef<Rate>[]>(
    () => [
      { colId: 'id', field: 'id', headerName: t('list.columns.id'), sortable: true, flex: 0, width: 90 },
      {
        colId: 'name',
        field: 'name',
        headerName: t('rates.fields.name'),
        sortable: true,
        flex: 2,
        minWidth: 160,
      },
      ...(tariffs ?? []).map(
        (tariff): ColDef<Rate> => ({
          colId: `tariff-${tariff.id}`,
          headerName: tariffName(tariff, locale),
          valueGetter: ({ data }) => (data ? tariffTotal(data, tariff.id) : null),
          valueFormatter: ({ value }) => (typeof value === 'number' ? formatMoney(value, locale) : '–'),
          cellClass: 'list-cell--number',
          headerClass: 'list-header--number',
          // tariff names are long in some languages ("Économique Classic"): wrap, never cut
          wrapHeaderText: true,
          autoHeaderHeight: true,
          minWidth: 140,
        }),
      ),
      {
        colId: 'isActive',
        field: 'isActive',
        headerName: t('list.columns.status'),
        cellRenderer: StatusBadge,
        minWidth: 110,
      },
    ],
    [t, tariffs, locale],
  );

  return (
    <>
      <CatalogueListPage
        section="rate"
        list={list}
        columns={columns}
        title={t('rates.list.title')}
        addLabel={t('rates.list.add')}
        emptyTitle={t('rates.list.empty')}
        newRoute="rateNew"
        editRoute="rateEdit"
        editPath={editPath}
        rowName={rowName}
        note={t('rates.list.totalHint')}
        moreActions={remove.actions}
      />
      {remove.dialog}
    </>
  );
}
