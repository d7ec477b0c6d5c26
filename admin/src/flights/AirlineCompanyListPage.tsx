import { adminPath } from '@flybook/domain';
import type { FlightCompany } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilters, SearchFilter, ToggleFilter } from '../app/list/ListFilters.tsx';
import { type RowAction, ServerList } from '../app/list/ServerList.tsx';
import { StatusBadge } from '../app/list/StatusBadge.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { FLIGHT_COMPANIES } from './flight-resources.ts';

/** Spec 03 §9: default 15, max 50, sorted by name, active only. */
export const AIRLINE_COMPANY_LIST = {
  resource: FLIGHT_COMPANIES,
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'name', order: 'asc' },
} as const;

/** Airline companies (spec 03 §2, Flight section): search, active only, add and edit. */
export function AirlineCompanyListPage() {
  const { t } = useTranslation();
  const { user, canOpen } = useRouteAccess();
  const list = useServerList<FlightCompany, { query: string; isActive: boolean }>({
    ...AIRLINE_COMPANY_LIST,
    initialFilters: { query: '', isActive: true },
  });

  const columns = useMemo<ColDef<FlightCompany>[]>(
    () => [
      { colId: 'id', field: 'id', headerName: t('list.columns.id'), sortable: true, flex: 0, width: 90 },
      {
        colId: 'name',
        field: 'name',
        headerName: t('flights.companies.fields.name'),
        sortable: true,
        flex: 2,
        minWidth: 160,
      },
      { colId: 'code', field: 'code', headerName: t('flights.companies.fields.code'), sortable: true },
      {
        colId: 'isActive',
        field: 'isActive',
        headerName: t('list.columns.status'),
        cellRenderer: StatusBadge,
      },
    ],
    [t],
  );

  const mayEdit = canOpen('flightCompanyEdit');
  const actions = useMemo<RowAction<FlightCompany>[]>(
    () => [
      {
        id: 'edit',
        text: t('list.edit'),
        label: (row) => t('list.editNamed', { name: row.name }),
        to: (row) => adminPath('flightCompanyEdit', { flightCompanyId: row.id }),
        isDisabled: () => !mayEdit,
      },
    ],
    [t, mayEdit],
  );

  return (
    <>
      <SectionTabs section="flight" user={user} />
      <PageHeader title={t('flights.companies.title')}>
        {canOpen('flightCompanyNew') ? (
          <Link className="button-link" to={adminPath('flightCompanyNew')}>
            {t('flights.companies.add')}
          </Link>
        ) : null}
      </PageHeader>
      <ListFilters>
        <SearchFilter list={list} name="query" label={t('list.search')} />
        <ToggleFilter list={list} name="isActive" label={t('list.activeOnly')} />
      </ListFilters>
      <ServerList
        list={list}
        columns={columns}
        actions={actions}
        label={t('flights.companies.title')}
        emptyTitle={t('flights.companies.empty')}
        emptyHint={t('list.emptyHint')}
      />
    </>
  );
}
