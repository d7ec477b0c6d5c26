import { formatMoney } from '@flybook/locales/format';
import { CatalogueListPage, type CatalogueListPageProps } from '../app/list/CatalogueListPage.tsx';
import './users.css';
import { type AdminRouteName, adminPath, toRappen } from '@flybook/domain';
import type { BaseRecord } from '@refinedev/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../app/layout-parts.tsx';
import type { RowAction } from '../app/list/ServerList.tsx';
import type { ListFilterValues } from '../app/list/use-server-list.ts';
import { useRouteAccess } from '../app/route-access.ts';

/** A row of the agent, customer or manager list: whole user plus balance and account. */
export type UserRow = BaseRecord & {
  id: number;
  displayName: string;
  email: string;
  isActive: boolean;
  balance: number;
  accountId: number | null;
};

/** Spec 03 §9: the three user lists page by 15 (at most 50), by name ascending, active only. */
export const USER_LIST = {
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'displayName', order: 'asc' },
} as const;

export type UserListFilters = { query: string; isActive: boolean } & ListFilterValues;

/** Long names, e-mails and numbers wrap onto more lines rather than being cut off. */
export const WRAPPED = { wrapText: true, autoHeight: true, cellClass: ['user-cell', 'user-cell--wrap'] };
/** Amounts: right-aligned, centred in rows that wrapped elsewhere. */
export const AMOUNT = { cellClass: ['list-cell--number', 'user-cell'], headerClass: 'list-header--number' };

/** The name, with a badge when the user is inactive (the list shows them when "active only" is off). */
function NameCell({ data }: CustomCellRendererProps<UserRow>) {
  const { t } = useTranslation();
  if (!data) return null;
  return (
    <>
      <span>{data.displayName}</span>
      {data.isActive ? null : (
        <span className="status-badge status-badge--inactive user-name__badge">{t('list.inactive')}</span>
      )}
    </>
  );
}

/**
 * The columns every user list starts with and ends with: id, name (marked when inactive) and
 * e-mail, all sortable, the kind's own columns, and the balance (CHF, not sortable).
 */
export function useUserColumns<T extends UserRow>(middle: ColDef<T>[]): ColDef<T>[] {
  const { t } = useTranslation();
  const locale = useLocale();
  return useMemo<ColDef<T>[]>(
    () => [
      {
        colId: 'id',
        valueGetter: ({ data }) => data?.id,
        headerName: t('list.columns.id'),
        cellClass: 'user-cell',
        sortable: true,
        width: 64,
        minWidth: 64,
        flex: 0,
      },
      {
        colId: 'displayName',
        valueGetter: ({ data }) => data?.displayName,
        headerName: t('users.columns.name'),
        cellRenderer: NameCell,
        sortable: true,
        flex: 2,
        minWidth: 110,
        ...WRAPPED,
      },
      {
        colId: 'email',
        valueGetter: ({ data }) => data?.email,
        headerName: t('users.columns.email'),
        sortable: true,
        flex: 2,
        minWidth: 120,
        ...WRAPPED,
      },
      ...middle,
      {
        colId: 'balance',
        headerName: t('users.columns.balance'),
        valueGetter: ({ data }) => (data ? toRappen(data.balance) : null),
        valueFormatter: ({ value }) => (typeof value === 'number' ? formatMoney(value, locale) : ''),
        ...AMOUNT,
        width: 115,
        flex: 0,
      },
    ],
    [t, locale, middle],
  );
}

/** The row actions leading to other pages, each enabled with its target route's rule (spec 03 §2). */
export function useUserActions<T extends UserRow>({
  editRoute,
  editParam,
  editText,
  editLabelKey,
  reservationsBy,
}: {
  editRoute: AdminRouteName;
  editParam: string;
  /** "Edit", or "Edit manager" on the manager list; the accessible name starts with it. */
  editText: string;
  /** The key of the edit action's accessible name, which names the row ({{name}}). */
  editLabelKey: 'list.editNamed' | 'users.actions.editManagerOf';
  /** Show reservations: reservatorId for agents, ownerId for customers; none for managers. */
  reservationsBy?: 'reservatorId' | 'ownerId';
}): RowAction<T>[] {
  const { t } = useTranslation();
  const { canOpen } = useRouteAccess();
  const mayEdit = canOpen(editRoute);
  const mayBalance = canOpen('balanceLog');
  const mayReservations = canOpen('reservationList');
  return useMemo<RowAction<T>[]>(
    () => [
      {
        id: 'edit',
        text: editText,
        label: (row) => t(editLabelKey, { name: row.displayName }),
        to: (row) => adminPath(editRoute, { [editParam]: row.id }),
        isDisabled: () => !mayEdit,
      },
      {
        id: 'balanceLog',
        text: t('users.actions.balanceLog'),
        label: (row) => t('users.actions.balanceLogOf', { name: row.displayName }),
        to: (row) => `${adminPath('balanceLog')}?accountId=${row.accountId}`,
        isDisabled: (row) => !mayBalance || row.accountId === null,
      },
      ...(reservationsBy
        ? [
            {
              id: 'reservations',
              text: t('users.actions.reservations'),
              label: (row: T) => t('users.actions.reservationsOf', { name: row.displayName }),
              to: (row: T) => `${adminPath('reservationList')}?${reservationsBy}=${row.id}`,
              isDisabled: () => !mayReservations,
            },
          ]
        : []),
    ],
    [t, editRoute, editParam, editText, editLabelKey, reservationsBy, mayEdit, mayBalance, mayReservations],
  );
}

/**
 * The frame of the agent, customer and manager lists: the Users section's catalogue list with the
 * kind's own filters (the agents' country) and row actions.
 */
export function UserListPage<T extends UserRow, F extends UserListFilters>(
  props: Omit<CatalogueListPageProps<T, F>, 'section' | 'newRoute' | 'addLabel' | 'actions'> & {
    newRoute: AdminRouteName;
    addLabel: string;
    actions: RowAction<T>[];
  },
) {
  return <CatalogueListPage section="user" {...props} />;
}
