import type { Manager } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { useServerList } from '../app/list/use-server-list.ts';
import { USER_LIST, UserListPage, useUserActions, useUserColumns } from './UserListPage.tsx';
import { MANAGERS } from './user-resources.ts';

// The manager list has no columns of its own between e-mail and balance.
const NO_MORE_COLUMNS: ColDef<Manager>[] = [];

/**
 * Managers, shown as employees (spec 03 §2): add button (with ROLE_MANAGER_EDIT), search and
 * active only (sent only when on), columns id, name, e-mail and balance; actions Edit manager and
 * Balance Log, each disabled without its page's permission.
 */
export function ManagerListPage() {
  const { t } = useTranslation();
  const list = useServerList<Manager, { query: string; isActive: boolean }>({
    resource: MANAGERS,
    ...USER_LIST,
    initialFilters: { query: '', isActive: true },
  });
  const columns = useUserColumns<Manager>(NO_MORE_COLUMNS);
  const actions = useUserActions<Manager>({
    editRoute: 'managerEdit',
    editParam: 'managerId',
    editText: t('users.actions.editManager'),
    editLabelKey: 'users.actions.editManagerOf',
  });
  return (
    <UserListPage
      list={list}
      columns={columns}
      actions={actions}
      title={t('users.managers.title')}
      addLabel={t('users.managers.add')}
      newRoute="managerNew"
      emptyTitle={t('users.managers.empty')}
    />
  );
}
