import { adminPath, formatMoney, toRappen } from '@flybook/domain';
import type { Option } from '@flybook/schemas';
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
import { OPTIONS } from './rate-resources.ts';

/** Spec 03 §9: default 15, max 50, sorted by code, active only. */
export const OPTION_LIST = {
  resource: OPTIONS,
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'code', order: 'asc' },
} as const;

/** Options (spec 03 §2): the extras a passenger can book, with add and edit. */
export function OptionListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, canOpen } = useRouteAccess();
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

  const mayEdit = canOpen('optionEdit');
  const actions = useMemo<RowAction<Option>[]>(
    () => [
      {
        id: 'edit',
        text: t('list.edit'),
        label: (row) => t('list.editNamed', { name: row.code }),
        to: (row) => adminPath('optionEdit', { optionId: row.id }),
        isDisabled: () => !mayEdit,
      },
    ],
    [t, mayEdit],
  );

  return (
    <>
      <SectionTabs section="rate" user={user} />
      <PageHeader title={t('rates.options.title')}>
        {canOpen('optionNew') ? (
          <Link className="button-link" to={adminPath('optionNew')}>
            {t('rates.options.add')}
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
        label={t('rates.options.title')}
        emptyTitle={t('rates.options.empty')}
        emptyHint={t('list.emptyHint')}
      />
    </>
  );
}
