import { adminPath, formatMoney } from '@flybook/domain';
import type { Rate } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../app/layout-parts.tsx';
import { ListFilters, SearchFilter, ToggleFilter } from '../app/list/ListFilters.tsx';
import { type RowAction, ServerList } from '../app/list/ServerList.tsx';
import { StatusBadge } from '../app/list/StatusBadge.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
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

/**
 * Rates (spec 03 §2): search, active only, and per tariff what a one-way adult seat costs under the
 * rate (standard price + fuel fee + airport fee), one column per tariff of the tariff list.
 */
export function RateListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, canOpen } = useRouteAccess();
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

  const mayEdit = canOpen('rateEdit');
  const actions = useMemo<RowAction<Rate>[]>(
    () => [
      {
        id: 'edit',
        text: t('list.edit'),
        label: (row) => t('list.editNamed', { name: row.name }),
        to: (row) => adminPath('rateEdit', { rateId: row.id }),
        isDisabled: () => !mayEdit,
      },
    ],
    [t, mayEdit],
  );

  return (
    <>
      <SectionTabs section="rate" user={user} />
      <PageHeader title={t('rates.list.title')}>
        {canOpen('rateNew') ? (
          <Link className="button-link" to={adminPath('rateNew')}>
            {t('rates.list.add')}
          </Link>
        ) : null}
      </PageHeader>
      <ListFilters>
        <SearchFilter list={list} name="query" label={t('list.search')} />
        <ToggleFilter list={list} name="isActive" label={t('list.activeOnly')} />
      </ListFilters>
      <p className="list-note">{t('rates.list.totalHint')}</p>
      <ServerList
        list={list}
        columns={columns}
        actions={actions}
        label={t('rates.list.title')}
        emptyTitle={t('rates.list.empty')}
        emptyHint={t('list.emptyHint')}
      />
    </>
  );
}
