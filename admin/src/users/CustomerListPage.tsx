import type { Customer } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerList } from '../app/list/use-server-list.ts';
import { USER_LIST, UserListPage, useUserActions, useUserColumns, WRAPPED } from './UserListPage.tsx';
import { CUSTOMERS } from './user-resources.ts';

/** The three numbers of a customer in one cell. */
export const phonesOf = (customer: Customer) =>
  [customer.phoneMobile, customer.phoneNumberFirst, customer.phoneNumberSecond].filter(Boolean).join(' · ');

/**
 * Customers (spec 03 §2): add button, search and active only; columns id, Name, E-mail, Phone (the
 * three numbers), Balance; actions edit, balance log and the reservations the customer owns.
 */
export function CustomerListPage() {
  const { t } = useTranslation();
  const list = useServerList<Customer, { query: string; isActive: boolean }>({
    resource: CUSTOMERS,
    ...USER_LIST,
    initialFilters: { query: '', isActive: true },
  });
  const middle = useMemo<ColDef<Customer>[]>(
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
  const columns = useUserColumns<Customer>(middle);
  const actions = useUserActions<Customer>({
    editRoute: 'customerEdit',
    editParam: 'customerId',
    editText: t('list.edit'),
    editLabelKey: 'list.editNamed',
    reservationsBy: 'ownerId',
  });
  return (
    <UserListPage
      list={list}
      columns={columns}
      actions={actions}
      title={t('users.customers.title')}
      addLabel={t('users.customers.add')}
      newRoute="customerNew"
      emptyTitle={t('users.customers.empty')}
    />
  );
}
