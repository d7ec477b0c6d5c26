import { adminPath, satisfies } from '@flybook/domain';
import { type FlightCompany, flightCompanyCalls } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/context.tsx';
import { CatalogueListPage } from '../app/list/CatalogueListPage.tsx';
import { StatusBadge } from '../app/list/StatusBadge.tsx';
import { useDeleteRow } from '../app/list/use-delete-row.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { useRouteAccess } from '../app/route-access.ts';
import { FLIGHT_COMPANIES } from './flight-resources.ts';

/** Spec 03 §9: default 15, max 50, sorted by name, active only. */
export const AIRLINE_COMPANY_LIST = {
  resource: FLIGHT_COMPANIES,
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'name', order: 'asc' },
} as const;

const editPath = (row: FlightCompany) => adminPath('flightCompanyEdit', { flightCompanyId: row.id });
const rowName = (row: FlightCompany) => row.name;

/**
 * Airline companies (spec 03 §2, Flight section): search, active only, add, edit and, with
 * ROLE_FLIGHT_COMPANY_DELETE, delete (refused while a flight flies the company).
 */
export function AirlineCompanyListPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const { user } = useRouteAccess();
  const remove = useDeleteRow<FlightCompany>({
    remove: (company) => client.call(flightCompanyCalls.remove, { params: { id: company.id } }),
    mayDelete: satisfies(user.roles, 'ROLE_FLIGHT_COMPANY_DELETE'),
    rowName,
    title: t('flights.companies.deleteTitle'),
    message: (company) => t('flights.companies.deleteMessage', { name: company.name }),
    resource: FLIGHT_COMPANIES,
    // the flight form's choice of companies
    queryKeys: [['lookup', 'flightCompanies']],
  });
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

  return (
    <>
      <CatalogueListPage
        section="flight"
        list={list}
        columns={columns}
        title={t('flights.companies.title')}
        addLabel={t('flights.companies.add')}
        emptyTitle={t('flights.companies.empty')}
        newRoute="flightCompanyNew"
        editRoute="flightCompanyEdit"
        editPath={editPath}
        rowName={rowName}
        moreActions={remove.actions}
      />
      {remove.dialog}
    </>
  );
}
