import { formatMoney, formatNumber } from '@flybook/locales/format';
import { CatalogueListPage } from '../app/list/CatalogueListPage.tsx';
import './users.css';
import { type AdminRouteName, adminPath, satisfies, toRappen } from '@flybook/domain';
import { AGENT_FIELD_ROLES, type Agent, type Customer, type Manager } from '@flybook/schemas';
import type { BaseRecord } from '@refinedev/core';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../app/layout-parts.tsx';
import { SelectFilter } from '../app/list/ListFilters.tsx';
import type { RowAction } from '../app/list/ServerList.tsx';
import { type ListFilterValues, type ServerListState, useServerList } from '../app/list/use-server-list.ts';
import { useRouteAccess } from '../app/route-access.ts';
import { useCountries } from './countries.ts';
import { AGENTS, CUSTOMERS, MANAGERS } from './user-resources.ts';

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
const USER_LIST = {
  defaultPageSize: 15,
  maxPageSize: 50,
  defaultSort: { field: 'displayName', order: 'asc' },
} as const;

type UserListFilters = { query: string; isActive: boolean } & ListFilterValues;

/** Long names, e-mails and numbers wrap onto more lines rather than being cut off. */
const WRAPPED = { wrapText: true, autoHeight: true, cellClass: ['user-cell', 'user-cell--wrap'] };
/** Amounts: right-aligned, centred in rows that wrapped elsewhere. */
const AMOUNT = { cellClass: ['list-cell--number', 'user-cell'], headerClass: 'list-header--number' };

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
function useUserColumns<T extends UserRow>(middle: ColDef<T>[]): ColDef<T>[] {
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
function useUserActions<T extends UserRow>({
  editRoute,
  editParam,
  editTextKey,
  editLabelKey,
  reservationsBy,
}: UserListKind<T, UserListFilters>['edit'] &
  Pick<UserListKind<T, UserListFilters>, 'reservationsBy'>): RowAction<T>[] {
  const { t } = useTranslation();
  const editText = t(editTextKey);
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

/** One kind's list (agents, customers, managers): what the shared frame above leaves to it. */
interface UserListKind<T extends UserRow, F extends UserListFilters> {
  resource: string;
  initialFilters: F;
  texts: { title: string; add: string; empty: string };
  newRoute: AdminRouteName;
  edit: {
    editRoute: AdminRouteName;
    editParam: string;
    /** "Edit", or "Edit manager" on the manager list; the accessible name starts with it. */
    editTextKey: 'list.edit' | 'users.actions.editManager';
    /** The key of the edit action's accessible name, which names the row ({{name}}). */
    editLabelKey: 'list.editNamed' | 'users.actions.editManagerOf';
  };
  /** Show reservations: reservatorId for agents, ownerId for customers; none for managers. */
  reservationsBy?: 'reservatorId' | 'ownerId';
  /** A hook: the kind's columns between e-mail and balance, and its filters besides search and active. */
  useOwn: (list: ServerListState<T, F>) => { columns: ColDef<T>[]; filters?: ReactNode };
}

/** The margin as the list shows it: "5.00 %" or the amount in CHF, by the agent's margin type. */
export function marginText(agent: Agent, locale: 'de' | 'en' | 'fr' | 'sq'): string {
  if (agent.marginType === 'money' && typeof agent.moneyMargin === 'number') {
    return formatMoney(toRappen(agent.moneyMargin), locale);
  }
  if (agent.marginType === 'percent' && typeof agent.percentMargin === 'number') {
    return `${formatNumber(agent.percentMargin, locale, 2)} %`;
  }
  return '';
}

/** The three numbers of a customer in one cell. */
export const phonesOf = (customer: Customer) =>
  [customer.phoneMobile, customer.phoneNumberFirst, customer.phoneNumberSecond].filter(Boolean).join(' · ');

/**
 * Agents (spec 03 §2): add button, search, active only and country filters; columns id, Name,
 * E-mail, Phone, Credit Limit (CHF) and Margin (with their roles), Balance; actions edit, balance
 * log and the agent's reservations.
 */
const AGENT_LIST: UserListKind<Agent, UserListFilters & { countries: string }> = {
  resource: AGENTS,
  initialFilters: { query: '', isActive: true, countries: '' },
  texts: { title: 'users.agents.title', add: 'users.agents.add', empty: 'users.agents.empty' },
  newRoute: 'agentNew',
  edit: {
    editRoute: 'agentEdit',
    editParam: 'agentId',
    editTextKey: 'list.edit',
    editLabelKey: 'list.editNamed',
  },
  reservationsBy: 'reservatorId',
  useOwn(list) {
    const { t } = useTranslation();
    const locale = useLocale();
    const { user } = useRouteAccess();
    const countries = useCountries();
    const seesCredit = satisfies(user.roles, AGENT_FIELD_ROLES.creditLimitTotalAmount);
    const seesMargin = satisfies(user.roles, AGENT_FIELD_ROLES.marginType);
    const columns = useMemo<ColDef<Agent>[]>(
      () => [
        {
          colId: 'phone',
          headerName: t('users.columns.phone'),
          valueGetter: ({ data }) => data?.phoneMobile ?? '',
          width: 130,
          flex: 0,
          ...WRAPPED,
        },
        ...(seesCredit
          ? [
              {
                colId: 'creditLimit',
                headerName: t('users.columns.creditLimit'),
                valueGetter: ({ data }: { data: Agent | undefined }) =>
                  typeof data?.creditLimitTotalAmount === 'number'
                    ? toRappen(data.creditLimitTotalAmount)
                    : null,
                valueFormatter: ({ value }: { value: unknown }) =>
                  typeof value === 'number' ? formatMoney(value, locale) : '',
                ...AMOUNT,
                width: 130,
                flex: 0,
              },
            ]
          : []),
        ...(seesMargin
          ? [
              {
                colId: 'margin',
                headerName: t('users.columns.margin'),
                valueGetter: ({ data }: { data: Agent | undefined }) =>
                  data ? marginText(data, locale) : '',
                ...AMOUNT,
                width: 90,
                minWidth: 80,
                flex: 0,
              },
            ]
          : []),
      ],
      [t, locale, seesCredit, seesMargin],
    );
    return {
      columns,
      filters: (
        <SelectFilter
          list={list}
          name="countries"
          label={t('person.fields.country')}
          anyLabel={t('users.allCountries')}
          options={(countries ?? []).map((country) => ({
            value: country.code,
            label: country.name[locale] || country.code,
          }))}
        />
      ),
    };
  },
};

/**
 * Customers (spec 03 §2): add button, search and active only; columns id, Name, E-mail, Phone (the
 * three numbers), Balance; actions edit, balance log and the reservations the customer owns.
 */
const CUSTOMER_LIST: UserListKind<Customer, UserListFilters> = {
  resource: CUSTOMERS,
  initialFilters: { query: '', isActive: true },
  texts: { title: 'users.customers.title', add: 'users.customers.add', empty: 'users.customers.empty' },
  newRoute: 'customerNew',
  edit: {
    editRoute: 'customerEdit',
    editParam: 'customerId',
    editTextKey: 'list.edit',
    editLabelKey: 'list.editNamed',
  },
  reservationsBy: 'ownerId',
  useOwn() {
    const { t } = useTranslation();
    const columns = useMemo<ColDef<Customer>[]>(
      () => [
        {
          colId: 'phone',
          headerName: t('users.columns.phones'),
          valueGetter: ({ data }) => (data ? phonesOf(data) : ''),
          flex: 2,
          minWidth: 180,
          ...WRAPPED,
        },
      ],
      [t],
    );
    return { columns };
  },
};

// The manager list has no columns of its own between e-mail and balance.
const NO_MORE_COLUMNS = { columns: [] };

/**
 * Managers, shown as employees (spec 03 §2): add button (with ROLE_MANAGER_EDIT), search and
 * active only (sent only when on), columns id, name, e-mail and balance; actions Edit manager and
 * Balance Log, each disabled without its page's permission.
 */
const MANAGER_LIST: UserListKind<Manager, UserListFilters> = {
  resource: MANAGERS,
  initialFilters: { query: '', isActive: true },
  texts: { title: 'users.managers.title', add: 'users.managers.add', empty: 'users.managers.empty' },
  newRoute: 'managerNew',
  edit: {
    editRoute: 'managerEdit',
    editParam: 'managerId',
    editTextKey: 'users.actions.editManager',
    editLabelKey: 'users.actions.editManagerOf',
  },
  useOwn: () => NO_MORE_COLUMNS,
};

/**
 * The agent, customer or manager list: the Users section's catalogue list with the kind's own
 * columns, filters (the agents' country) and row actions.
 */
function UserListPage<T extends UserRow, F extends UserListFilters>({ kind }: { kind: UserListKind<T, F> }) {
  const { t } = useTranslation();
  const list = useServerList<T, F>({
    resource: kind.resource,
    ...USER_LIST,
    initialFilters: kind.initialFilters,
  });
  const own = kind.useOwn(list);
  const columns = useUserColumns<T>(own.columns);
  const actions = useUserActions<T>({
    ...kind.edit,
    ...(kind.reservationsBy ? { reservationsBy: kind.reservationsBy } : {}),
  });
  return (
    <CatalogueListPage
      section="user"
      list={list}
      columns={columns}
      actions={actions}
      title={t(kind.texts.title)}
      addLabel={t(kind.texts.add)}
      newRoute={kind.newRoute}
      emptyTitle={t(kind.texts.empty)}
      {...(own.filters ? { filters: own.filters } : {})}
    />
  );
}

export const AgentListPage = () => <UserListPage kind={AGENT_LIST} />;
export const CustomerListPage = () => <UserListPage kind={CUSTOMER_LIST} />;
export const ManagerListPage = () => <UserListPage kind={MANAGER_LIST} />;
