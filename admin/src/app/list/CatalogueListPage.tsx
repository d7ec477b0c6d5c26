import { type AdminRouteName, adminPath, type MainMenuEntry } from '@flybook/domain';
import type { BaseRecord } from '@refinedev/core';
import type { ColDef } from 'ag-grid-community';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../PageHeader.tsx';
import { useRouteAccess } from '../route-access.ts';
import { SectionTabs } from '../SectionTabs.tsx';
import { ListFilters, SearchFilter, ToggleFilter } from './ListFilters.tsx';
import { type RowAction, ServerList } from './ServerList.tsx';
import type { ServerListState } from './use-server-list.ts';

export type SearchAndActiveFilters = { query: string; isActive: boolean };

export interface CatalogueListPageProps<
  T extends BaseRecord,
  F extends SearchAndActiveFilters = SearchAndActiveFilters,
> {
  section: MainMenuEntry['section'];
  list: ServerListState<T, F>;
  columns: ColDef<T>[];
  title: string;
  /** The add button's text (with `newRoute`). */
  addLabel?: string;
  emptyTitle: string;
  /** The add button shows and the edit action is enabled only when the user may open these routes. */
  newRoute?: AdminRouteName;
  editRoute?: AdminRouteName;
  editPath?: (row: T) => string;
  /** The row's name in the edit action's accessible label. */
  rowName?: (row: T) => string;
  /** Row actions instead of the single edit action (e.g. edit, balance log, reservations). */
  actions?: readonly RowAction<T>[];
  /** Row actions after the edit action (e.g. delete). */
  moreActions?: readonly RowAction<T>[];
  /** More filters between the search and "Active only" (a country, a user type). */
  filters?: ReactNode;
  /** A line between the filters and the table (e.g. what a column sums). */
  note?: ReactNode;
}

/**
 * The frame of a master-data list (airline companies, rates, options, users): section tabs, title
 * with the add button, search and active-only filters (and the list's own), the server-paged
 * table and an edit action or the list's own row actions.
 */
export function CatalogueListPage<
  T extends BaseRecord,
  F extends SearchAndActiveFilters = SearchAndActiveFilters,
>(props: CatalogueListPageProps<T, F>) {
  const {
    section,
    list,
    columns,
    title,
    addLabel,
    emptyTitle,
    newRoute,
    editRoute,
    editPath,
    rowName,
    actions: otherActions,
    moreActions,
    filters,
    note,
  } = props;
  const { t } = useTranslation();
  const { user, canOpen } = useRouteAccess();
  const mayEdit = editRoute !== undefined && canOpen(editRoute);
  const editActions = useMemo<RowAction<T>[]>(
    () =>
      editPath && rowName
        ? [
            {
              id: 'edit',
              text: t('list.edit'),
              label: (row) => t('list.editNamed', { name: rowName(row) }),
              to: editPath,
              isDisabled: () => !mayEdit,
            },
          ]
        : [],
    [t, mayEdit, editPath, rowName],
  );
  const actions = useMemo(
    () => otherActions ?? [...editActions, ...(moreActions ?? [])],
    [otherActions, editActions, moreActions],
  );
  return (
    <>
      <SectionTabs section={section} user={user} />
      <PageHeader title={title}>
        {newRoute && canOpen(newRoute) ? (
          <Link className="fb-button fb-button--primary" to={adminPath(newRoute)}>
            {addLabel}
          </Link>
        ) : null}
      </PageHeader>
      <ListFilters>
        <SearchFilter list={list} name="query" label={t('list.search')} />
        {filters}
        <ToggleFilter list={list} name="isActive" label={t('list.activeOnly')} />
      </ListFilters>
      {note ? <p className="list-note">{note}</p> : null}
      <ServerList
        list={list}
        columns={columns}
        actions={actions}
        label={title}
        emptyTitle={emptyTitle}
        emptyHint={t('list.emptyHint')}
      />
    </>
  );
}
