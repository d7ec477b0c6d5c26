import { adminPath } from '@flybook/domain';
import { USER_TYPES, type UserListItem } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../app/layout-parts.tsx';
import { CatalogueListPage } from '../app/list/CatalogueListPage.tsx';
import { SelectFilter } from '../app/list/ListFilters.tsx';
import { FIT_CONTENT, type RowAction } from '../app/list/ServerList.tsx';
import { StatusBadge } from '../app/list/StatusBadge.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { useRouteAccess } from '../app/route-access.ts';
import { PERMISSION_USERS } from './settings-resources.ts';

/** Spec 03 §9: default 10, managers (employees) and active ones first; sorted by name. */
export const PERMISSION_LIST = {
  resource: PERMISSION_USERS,
  defaultPageSize: 10,
  maxPageSize: 50,
  defaultSort: { field: 'displayName', order: 'asc' },
} as const;

/**
 * Permissions (spec 03 §2): search, active only and user type (employees by default, or all);
 * columns id, Name, Email, User Type, Permissions group; Edit permissions opens the user's page.
 */
export function PermissionListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { canOpen } = useRouteAccess();
  const list = useServerList<UserListItem, { query: string; isActive: boolean; type: string }>({
    ...PERMISSION_LIST,
    initialFilters: { query: '', isActive: true, type: 'manager' },
  });
  const mayEdit = canOpen('userPermissions');

  const columns = useMemo<ColDef<UserListItem>[]>(
    () => [
      {
        colId: 'id',
        valueGetter: ({ data }) => data?.id,
        headerName: t('list.columns.id'),
        sortable: true,
        maxWidth: 100,
      },
      {
        colId: 'displayName',
        valueGetter: ({ data }) => data?.displayName,
        headerName: t('users.columns.name'),
        sortable: true,
        flex: 2,
        minWidth: 170,
      },
      {
        colId: 'email',
        valueGetter: ({ data }) => data?.email,
        headerName: t('users.columns.email'),
        sortable: true,
        flex: 2,
        minWidth: 200,
      },
      {
        colId: 'type',
        valueGetter: ({ data }) => (data ? t(`settings.userTypes.${data.type}`) : ''),
        headerName: t('settings.permissions.userType'),
        sortable: true,
        ...FIT_CONTENT,
      },
      {
        colId: 'group',
        valueGetter: ({ data }) =>
          data?.group
            ? data.group.title[locale] || data.group.title.en
            : t('settings.userPermissions.noGroup'),
        headerName: t('settings.permissions.group'),
        ...FIT_CONTENT,
      },
      {
        colId: 'isActive',
        valueGetter: ({ data }) => data?.isActive,
        headerName: t('list.columns.status'),
        cellRenderer: StatusBadge,
        maxWidth: 130,
      },
    ],
    [t, locale],
  );
  const actions = useMemo<RowAction<UserListItem>[]>(
    () => [
      {
        id: 'permissions',
        text: t('settings.permissions.edit'),
        label: (row) => t('settings.permissions.editOf', { name: row.displayName }),
        to: (row) => adminPath('userPermissions', { userId: row.id }),
        isDisabled: () => !mayEdit,
      },
    ],
    [t, mayEdit],
  );

  return (
    <CatalogueListPage
      section="settings"
      list={list}
      columns={columns}
      actions={actions}
      title={t('settings.permissions.title')}
      emptyTitle={t('settings.permissions.empty')}
      filters={
        <SelectFilter
          list={list}
          name="type"
          label={t('settings.permissions.userType')}
          anyLabel={t('settings.permissions.allTypes')}
          options={USER_TYPES.map((type) => ({ value: type, label: t(`settings.userTypes.${type}`) }))}
        />
      }
    />
  );
}
