import { formatDateTime } from '@flybook/locales/format';
import './settings.css';
import { ENTITY_OPERATIONS, type EntityLogEntry, entityLogCalls } from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/context.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { DateFilter, ListFilters, SearchFilter, SelectFilter } from '../app/list/ListFilters.tsx';
import { ServerList } from '../app/list/ServerList.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import {
  type EntityLogFilterValues,
  entityLogFilters,
  entityPage,
  entityTypeLabel,
  fieldLabel,
} from './entity-log-format.ts';
import { ENTITY_LOG } from './settings-resources.ts';

/** Spec 03 §9: default 15, max 50, newest first. */
export const ENTITY_LOG_LIST = {
  resource: ENTITY_LOG,
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'timestamp', order: 'desc' },
} as const;

/** The changed fields as readable chips; "No field changed" for a save that changed nothing. */
function ChangedFields({ value }: CustomCellRendererProps<EntityLogEntry, string[]>) {
  const { t } = useTranslation();
  if (!value || value.length === 0)
    return <span className="log-none">{t('settings.entityLog.noFields')}</span>;
  return (
    <ul className="log-fields">
      {value.map((field) => (
        <li key={field} className="log-field" title={field}>
          {fieldLabel(t, field)}
        </li>
      ))}
    </ul>
  );
}

/** The entity id, a link to its page when there is one the user may open. */
function EntityIdCell({ data }: CustomCellRendererProps<EntityLogEntry>) {
  const { canOpen } = useRouteAccess();
  if (!data) return null;
  const to = entityPage(data, canOpen);
  return to ? <Link to={to}>{data.entityId}</Link> : <span>{data.entityId}</span>;
}

function useTypeLists() {
  const { client } = useServices();
  const entityTypes = useQuery({
    queryKey: ['entityLog', 'entityTypes'],
    queryFn: ({ signal }) => client.call(entityLogCalls.entityTypeList, {}, { signal }),
    select: (answer) => answer.items,
  });
  return entityTypes.data ?? [];
}

/**
 * Event log (spec 03 §2): search, from and to date, entity type and operation type; sortable by
 * time, entity type and operation; who changed which entity and, readably, which fields.
 */
export function EntityLogListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useRouteAccess();
  const entityTypes = useTypeLists();
  const list = useServerList<EntityLogEntry, EntityLogFilterValues>({
    ...ENTITY_LOG_LIST,
    initialFilters: { query: '', fromDate: '', toDate: '', entityType: '', operationType: '' },
    toFilters: entityLogFilters,
  });
  const title = t('settings.entityLog.title');

  const columns = useMemo<ColDef<EntityLogEntry>[]>(
    () => [
      {
        colId: 'timestamp',
        headerName: t('settings.entityLog.columns.timestamp'),
        valueGetter: ({ data }) => (data ? formatDateTime(data.timestamp, locale) : ''),
        sortable: true,
        minWidth: 170,
      },
      {
        colId: 'user',
        headerName: t('settings.entityLog.columns.user'),
        valueGetter: ({ data }) => (data ? (data.user?.displayName ?? t('settings.entityLog.system')) : ''),
        minWidth: 150,
      },
      {
        colId: 'entityType',
        headerName: t('settings.entityLog.columns.entityType'),
        valueGetter: ({ data }) => (data ? entityTypeLabel(t, data.entityType) : ''),
        sortable: true,
      },
      {
        colId: 'entityId',
        headerName: t('settings.entityLog.columns.entityId'),
        cellRenderer: EntityIdCell,
        maxWidth: 110,
      },
      {
        colId: 'operationType',
        headerName: t('settings.entityLog.columns.operationType'),
        valueGetter: ({ data }) => (data ? t(`settings.entityLog.operations.${data.operationType}`) : ''),
        sortable: true,
        maxWidth: 150,
      },
      {
        colId: 'changedFields',
        headerName: t('settings.entityLog.columns.changedFields'),
        valueGetter: ({ data }) => data?.changedFields,
        cellRenderer: ChangedFields,
        flex: 3,
        minWidth: 260,
        autoHeight: true,
        wrapText: true,
      },
    ],
    [t, locale],
  );

  return (
    <>
      <SectionTabs section="settings" user={user} />
      <PageHeader title={title} />
      <ListFilters>
        <SearchFilter list={list} name="query" label={t('list.search')} />
        <DateFilter list={list} name="fromDate" label={t('settings.entityLog.fromDate')} />
        <DateFilter list={list} name="toDate" label={t('settings.entityLog.toDate')} />
        <SelectFilter
          list={list}
          name="entityType"
          label={t('settings.entityLog.columns.entityType')}
          anyLabel={t('settings.entityLog.allEntityTypes')}
          options={entityTypes.map((type) => ({ value: type, label: entityTypeLabel(t, type) }))}
        />
        <SelectFilter
          list={list}
          name="operationType"
          label={t('settings.entityLog.columns.operationType')}
          anyLabel={t('settings.entityLog.allOperations')}
          options={ENTITY_OPERATIONS.map((operation) => ({
            value: operation,
            label: t(`settings.entityLog.operations.${operation}`),
          }))}
        />
      </ListFilters>
      <ServerList
        list={list}
        columns={columns}
        label={title}
        emptyTitle={t('settings.entityLog.empty')}
        emptyHint={t('list.emptyHint')}
      />
    </>
  );
}
