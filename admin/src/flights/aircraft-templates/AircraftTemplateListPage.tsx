import { adminPath, satisfies } from '@flybook/domain';
import { aircraftTemplateCalls } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../app/context.tsx';
import { useLocale } from '../../app/layout-parts.tsx';
import { ListFilters, SearchFilter } from '../../app/list/ListFilters.tsx';
import { type RowAction, ServerList } from '../../app/list/ServerList.tsx';
import { useDeleteRow } from '../../app/list/use-delete-row.tsx';
import { useLocalList } from '../../app/list/use-local-list.ts';
import { PageHeader } from '../../app/PageHeader.tsx';
import { useRouteAccess } from '../../app/route-access.ts';
import { SectionTabs } from '../../app/SectionTabs.tsx';
import { useTariffGroups } from '../flight-list/flight-lookups.ts';
import { AIRCRAFT_TEMPLATES } from '../flight-resources.ts';
import { groupName, TEMPLATE_LIST_KEY, type TemplateSummary, useTemplateList } from './template-queries.ts';

const seatsIn = (template: TemplateSummary, groupId: number) =>
  template.seatsByTariffGroup.find((entry) => entry.tariffGroup.id === groupId)?.seats;
const totalSeats = (template: TemplateSummary) =>
  template.seatsByTariffGroup.reduce((sum, entry) => sum + entry.seats, 0);

const matches = (template: TemplateSummary, filters: { query: string }) => {
  const query = filters.query.trim().toLowerCase();
  return query === '' || template.label.toLowerCase().includes(query) || String(template.id) === query;
};
const sortValue = (template: TemplateSummary, field: string) =>
  field === 'id' ? template.id : field === 'seats' ? totalSeats(template) : template.label.toLowerCase();

const editPath = (template: TemplateSummary) =>
  adminPath('aircraftTemplateEdit', { aircraftTemplateId: template.id });
const rowName = (template: TemplateSummary) => template.label;

/**
 * Aircraft templates (issue 26): the seat maps the flight form copies into a flight, with the seats
 * each has per tariff group; search by label, add, edit in the seat-map editor and, for admins
 * (ROLE_AIRCRAFT_TEMPLATE_DELETE), delete one no flight uses.
 */
export function AircraftTemplateListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { client } = useServices();
  const { user, canOpen } = useRouteAccess();
  const groups = useTariffGroups();
  const templates = useTemplateList();
  const list = useLocalList<TemplateSummary, { query: string }>({
    records: templates.data,
    isFetching: templates.isFetching,
    isError: templates.isError,
    error: templates.error,
    retry: () => void templates.refetch(),
    defaultPageSize: 15,
    maxPageSize: 50,
    defaultSort: { field: 'label', order: 'asc' },
    initialFilters: { query: '' },
    matches,
    sortValue,
  });
  const remove = useDeleteRow<TemplateSummary>({
    remove: (template) => client.call(aircraftTemplateCalls.remove, { params: { id: template.id } }),
    mayDelete: satisfies(user.roles, 'ROLE_AIRCRAFT_TEMPLATE_DELETE'),
    rowName,
    title: t('flights.templates.deleteTitle'),
    message: (template) => t('flights.templates.deleteMessage', { name: template.label }),
    resource: AIRCRAFT_TEMPLATES,
    queryKeys: [TEMPLATE_LIST_KEY],
  });

  const mayEdit = canOpen('aircraftTemplateEdit');
  const actions = useMemo<RowAction<TemplateSummary>[]>(
    () => [
      {
        id: 'edit',
        text: t('list.edit'),
        label: (template) => t('list.editNamed', { name: rowName(template) }),
        to: editPath,
        isDisabled: () => !mayEdit,
      },
      ...remove.actions,
    ],
    [t, mayEdit, remove.actions],
  );

  const columns = useMemo<ColDef<TemplateSummary>[]>(
    () => [
      { colId: 'id', field: 'id', headerName: t('list.columns.id'), sortable: true, flex: 0, width: 90 },
      {
        colId: 'label',
        field: 'label',
        headerName: t('flights.templates.fields.label'),
        sortable: true,
        flex: 2,
        minWidth: 200,
      },
      ...(groups ?? []).map(
        (group): ColDef<TemplateSummary> => ({
          colId: `group-${group.id}`,
          headerName: groupName(groups, group.id, locale),
          valueGetter: ({ data }) => (data ? (seatsIn(data, group.id) ?? null) : null),
          valueFormatter: ({ value }) => (typeof value === 'number' ? String(value) : '–'),
          cellClass: 'list-cell--number',
          headerClass: 'list-header--number',
          minWidth: 120,
        }),
      ),
      {
        colId: 'seats',
        headerName: t('flights.templates.columns.seats'),
        sortable: true,
        valueGetter: ({ data }) => (data ? totalSeats(data) : null),
        cellClass: 'list-cell--number',
        headerClass: 'list-header--number',
        minWidth: 110,
      },
    ],
    [t, groups, locale],
  );
  const title = t('flights.templates.title');

  return (
    <>
      <SectionTabs section="flight" user={user} />
      <PageHeader title={title}>
        {canOpen('aircraftTemplateNew') ? (
          <Link className="fb-button fb-button--primary" to={adminPath('aircraftTemplateNew')}>
            {t('flights.templates.add')}
          </Link>
        ) : null}
      </PageHeader>
      <ListFilters>
        <SearchFilter list={list} name="query" label={t('list.search')} />
      </ListFilters>
      <p className="list-note">{t('flights.templates.note')}</p>
      <ServerList
        list={list}
        columns={columns}
        actions={actions}
        label={title}
        emptyTitle={t('flights.templates.empty')}
        emptyHint={t('list.emptyHint')}
      />
      {remove.dialog}
    </>
  );
}
