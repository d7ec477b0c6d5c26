import { adminPath, satisfies, toRappen } from '@flybook/domain';
import { formatMoney } from '@flybook/locales/format';
import { type Option, optionCalls } from '@flybook/schemas';
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
import { OPTIONS } from './rate-resources.ts';

/** Spec 03 §9: default 15, max 50, sorted by code, active only. */
export const OPTION_LIST = {
  resource: OPTIONS,
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'code', order: 'asc' },
} as const;

const editPath = (row: Option) => adminPath('optionEdit', { optionId: row.id });
const rowName = (row: Option) => row.code;

/**
 * Options (spec 03 §2): the extras a passenger can book, with add, edit and, with ROLE_RATE_DELETE
 * (options are kept with the rates), delete (refused while a booked ticket holds the option).
 */
export function OptionListPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const { user } = useRouteAccess();
  const remove = useDeleteRow<Option>({
    remove: (option) => client.call(optionCalls.remove, { params: { id: option.id } }),
    mayDelete: satisfies(user.roles, 'ROLE_RATE_DELETE'),
    rowName,
    title: t('rates.options.deleteTitle'),
    message: (option) => t('rates.options.deleteMessage', { name: option.code }),
    resource: OPTIONS,
  });
  const locale = useLocale();
  const list = useServerList<Option, { query: string; isActive: boolean }>({
    ...OPTION_LIST,
    initialFilters: { query: '', isActive: true },
  });

  const columns = useMemo<ColDef<Option>[]>(
    () => [
      { colId: 'code', field: 'code', headerName: t('rates.options.fields.code'), sortable: true },
      {
        colId: 'type',
        headerName: t('rates.options.fields.type'),
        valueGetter: ({ data }) => (data ? data.type.name[locale] || data.type.code : ''),
      },
      {
        colId: 'title',
        headerName: t('rates.options.fields.title'),
        valueGetter: ({ data }) => (data ? data.configValues.title[locale] : ''),
        flex: 2,
        minWidth: 180,
      },
      {
        colId: 'price',
        headerName: t('rates.options.fields.price'),
        valueGetter: ({ data }) => (data ? toRappen(data.configValues.price) : null),
        valueFormatter: ({ value }) => (typeof value === 'number' ? formatMoney(value, locale) : ''),
        cellClass: 'list-cell--number',
        headerClass: 'list-header--number',
      },
      {
        colId: 'isActive',
        field: 'isActive',
        headerName: t('list.columns.status'),
        cellRenderer: StatusBadge,
      },
    ],
    [t, locale],
  );

  return (
    <>
      <CatalogueListPage
        section="rate"
        list={list}
        columns={columns}
        title={t('rates.options.title')}
        addLabel={t('rates.options.add')}
        emptyTitle={t('rates.options.empty')}
        newRoute="optionNew"
        editRoute="optionEdit"
        editPath={editPath}
        rowName={rowName}
        moreActions={remove.actions}
      />
      {remove.dialog}
    </>
  );
}
