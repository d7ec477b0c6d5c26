import '../app/list/list.css';
import './settings.css';
import { ANYONE, adminPath, type PermissionRule, satisfies } from '@flybook/domain';
import {
  accountCalls,
  type Group,
  type PermissionsUser,
  userCalls,
  type VirtualAccount,
} from '@flybook/schemas';
import { Button, TextField } from '@flybook/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Switch, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { virtualAccountNameOf } from '../app/account-names.ts';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { FormPlaceholder } from '../app/form/FormLayout.tsx';
import { notFoundError } from '../app/LoadFailure.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import { failureNotice } from '../app/notices.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { useRouteAccess } from '../app/route-access.ts';
import { SectionTabs } from '../app/SectionTabs.tsx';
import {
  type CategoryKey,
  categoryKey,
  chooseGroup,
  draftOf,
  type PermissionsDraft,
  permissionsBody,
  type RoleInfo,
  type RoleState,
  restoreRoles,
  roleMatches,
  roleState,
  rolesByCategory,
  toggle,
} from './user-permissions.ts';

const ruleOf = (call: { roles?: PermissionRule }): PermissionRule => call.roles ?? ANYONE;

/**
 * What the editor may do here, by the rules of the calls behind each tab (spec 03 §4, §6): a tab
 * they cannot read is hidden, one they cannot change is shown disabled.
 */
export function permissionsAccess(roles: readonly string[]) {
  return {
    readRoles: satisfies(roles, ruleOf(userCalls.get)),
    updateRoles: satisfies(roles, ruleOf(userCalls.updatePermissions)),
    readVirtualAccounts: satisfies(roles, ruleOf(userCalls.virtualAccounts)),
    updateVirtualAccounts: satisfies(roles, ruleOf(userCalls.setVirtualAccounts)),
  };
}

function useUserPermissionsData(id: number | null, readVirtualAccounts: boolean) {
  const { client } = useServices();
  const key = ['userPermissions', id] as const;
  const user = useQuery({
    queryKey: [...key, 'user'],
    // An address that names no user (`/settings/user/abc/permissions`) is Not Found.
    queryFn: ({ signal }) =>
      id === null
        ? Promise.reject(notFoundError)
        : client.call(userCalls.get, { params: { id } }, { signal }),
    retry: false,
  });
  const groups = useQuery({
    queryKey: ['userPermissions', 'groups'],
    queryFn: ({ signal }) => client.call(userCalls.groupList, {}, { signal }),
    select: (answer) => answer.items,
  });
  const catalogue = useQuery({
    queryKey: ['userPermissions', 'catalogue'],
    queryFn: ({ signal }) => client.call(userCalls.roleList, {}, { signal }),
    select: (answer) => answer.items,
    staleTime: 10 * 60_000,
  });
  const own = useQuery({
    queryKey: [...key, 'virtualAccounts'],
    queryFn: ({ signal }) => client.call(userCalls.virtualAccounts, { params: { id: id ?? 0 } }, { signal }),
    select: (answer) => answer.items,
    enabled: readVirtualAccounts && id !== null,
  });
  const accounts = useQuery({
    queryKey: ['userPermissions', 'allVirtualAccounts'],
    queryFn: ({ signal }) => client.call(accountCalls.virtualAccountList, {}, { signal }),
    select: (answer) => answer.items,
    enabled: readVirtualAccounts,
  });
  const error = user.error ?? groups.error ?? catalogue.error ?? own.error ?? accounts.error;
  const failed = [user, groups, catalogue, own, accounts].filter((query) => query.isError);
  const ready =
    user.data !== undefined &&
    groups.data !== undefined &&
    catalogue.data !== undefined &&
    (!readVirtualAccounts || (own.data !== undefined && accounts.data !== undefined));
  return {
    user: user.data,
    groups: groups.data ?? [],
    catalogue: catalogue.data ?? [],
    own: own.data ?? [],
    accounts: accounts.data ?? [],
    ready,
    error,
    retry: () => {
      for (const query of failed) void query.refetch();
    },
    isRetrying: failed.some((query) => query.isFetching),
  };
}

const STATE_TEXT: Record<Exclude<RoleState, 'off' | 'group'>, string> = {
  added: 'settings.userPermissions.added',
  removed: 'settings.userPermissions.removed',
};

/** One switch of the page: a title, what it is about (text, code, badges) and its state. */
function ToggleRow({
  title,
  code,
  about,
  badge,
  className,
  isSelected,
  isDisabled,
  onChange,
}: {
  title: string;
  code: string;
  about: string;
  badge?: ReactNode;
  className: string;
  isSelected: boolean;
  isDisabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const aboutId = useId();
  return (
    <li className={`role-row ${className}`}>
      <Switch
        className="switch role-row__switch"
        isSelected={isSelected}
        isDisabled={isDisabled}
        onChange={onChange}
        aria-describedby={aboutId}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span className="role-row__title">{title}</span>
      </Switch>
      <div id={aboutId} className="role-row__about">
        {about ? <span>{about}</span> : null}
        <code className="role-row__code">{code}</code>
        {badge}
      </div>
    </li>
  );
}

function RoleSwitch({
  info,
  state,
  isDisabled,
  onChange,
}: {
  info: RoleInfo;
  state: RoleState;
  isDisabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToggleRow
      title={t(`roles.${info.role}.title`, { defaultValue: info.title })}
      about={t(`roles.${info.role}.description`, { defaultValue: info.description })}
      code={info.role}
      className={`role-row--${state}`}
      isSelected={state === 'group' || state === 'added'}
      isDisabled={isDisabled}
      onChange={onChange}
      badge={
        state === 'added' || state === 'removed' ? (
          <span className={`role-badge role-badge--${state}`}>{t(STATE_TEXT[state])}</span>
        ) : null
      }
    />
  );
}

function FeatureTab({
  catalogue,
  draft,
  group,
  isDisabled,
  onToggle,
}: {
  catalogue: readonly RoleInfo[];
  draft: PermissionsDraft;
  group: Group | null;
  isDisabled: boolean;
  onToggle: (role: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const categories = useMemo(
    () => rolesByCategory(catalogue, [...draft.roles, ...(group?.roles ?? [])]),
    [catalogue, draft.roles, group],
  );
  const titleOf = (info: RoleInfo) => t(`roles.${info.role}.title`, { defaultValue: info.title });
  const descriptionOf = (info: RoleInfo) =>
    t(`roles.${info.role}.description`, { defaultValue: info.description });
  const shown = categories
    .map(({ category, roles }) => ({
      category,
      roles: roles.filter((info) =>
        roleMatches({ role: info.role, title: titleOf(info), description: descriptionOf(info) }, filter),
      ),
    }))
    .filter(({ roles }) => roles.length > 0);
  const count = (category: CategoryKey, roles: RoleInfo[]) =>
    t('settings.userPermissions.categoryCount', {
      on: roles.filter((info) => draft.roles.has(info.role)).length,
      total: categories.find((entry) => entry.category === category)?.roles.length ?? roles.length,
    });
  return (
    <>
      <div className="permissions-toolbar">
        <TextField
          className="permissions-toolbar__filter"
          label={t('settings.userPermissions.filterRoles')}
          type="search"
          value={filter}
          onChange={setFilter}
        />
        <p className="permissions-toolbar__summary">
          {t('settings.userPermissions.rolesOn', { count: draft.roles.size })}
        </p>
      </div>
      {shown.length === 0 ? <p className="form-hint">{t('settings.userPermissions.noRoleMatches')}</p> : null}
      {shown.map(({ category, roles }) => (
        <section
          key={category}
          className="role-category"
          aria-labelledby={`role-category-${categoryKey(category)}`}
        >
          <div className="role-category__head">
            <h2 id={`role-category-${categoryKey(category)}`} className="role-category__title">
              {t(`settings.categories.${categoryKey(category)}`)}
            </h2>
            <span className="role-category__count">{count(category, roles)}</span>
          </div>
          <ul className="role-list">
            {roles.map((info) => (
              <RoleSwitch
                key={info.role}
                info={info}
                state={roleState(info.role, draft, group)}
                isDisabled={isDisabled}
                onChange={(on) => onToggle(info.role, on)}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function VirtualAccountsTab({
  accounts,
  draft,
  group,
  isDisabled,
  onToggle,
}: {
  accounts: readonly VirtualAccount[];
  draft: PermissionsDraft;
  group: Group | null;
  isDisabled: boolean;
  onToggle: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  const fromGroup = new Set(group?.virtualAccounts ?? []);
  if (accounts.length === 0)
    return <p className="form-hint">{t('settings.userPermissions.noVirtualAccounts')}</p>;
  return (
    <>
      <p className="form-hint">{t('settings.userPermissions.virtualAccountsHint')}</p>
      <ul className="role-list">
        {accounts.map((account) => {
          const viaGroup = fromGroup.has(account.id);
          return (
            <ToggleRow
              key={account.id}
              title={virtualAccountNameOf(t, account)}
              about={t(`settings.accountKinds.${account.kind}`)}
              code={account.code}
              className={viaGroup ? 'role-row--group' : ''}
              isSelected={viaGroup || draft.virtualAccounts.has(account.id)}
              isDisabled={isDisabled || viaGroup}
              onChange={(on) => onToggle(account.id, on)}
              badge={
                <>
                  {viaGroup ? (
                    <span className="role-badge role-badge--group">
                      {t('settings.userPermissions.fromGroup')}
                    </span>
                  ) : null}
                  {account.isActive ? null : <span className="role-badge">{t('list.inactive')}</span>}
                </>
              }
            />
          );
        })}
      </ul>
    </>
  );
}

/**
 * Update permissions ({name}) (spec 03 §2, §4): a permission group, then the roles (Feature tab,
 * grouped by the catalogue's categories) and the virtual accounts the user may operate. Restore
 * goes back to the group's roles; Save sends the difference from the group.
 */
export function UserPermissionsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { userId } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(userId ?? '') ? Number(userId) : null;
  const { user: editor } = useRouteAccess();
  const access = permissionsAccess(editor.roles);
  const data = useUserPermissionsData(id, access.readVirtualAccounts);
  const { client, notifications, translateError } = useServices();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PermissionsDraft | null>(null);
  const groupSelectId = useId();

  const { user, own, ready } = data;
  useEffect(() => {
    if (ready && user && draft === null) setDraft(draftOf(user, own));
  }, [ready, user, own, draft]);

  const groupOf = (groupId: number | null) => data.groups.find((group) => group.id === groupId) ?? null;
  const group = draft ? groupOf(draft.groupId) : null;

  const save = useMutation({
    mutationFn: async ({ target, next }: { target: PermissionsUser; next: PermissionsDraft }) => {
      if (access.updateRoles) {
        await client.call(userCalls.updatePermissions, {
          params: { id: target.id },
          body: permissionsBody(target, next, groupOf(next.groupId)),
        });
      }
      if (access.updateVirtualAccounts) {
        await client.call(userCalls.setVirtualAccounts, {
          params: { id: target.id },
          body: { accountIds: [...next.virtualAccounts].sort((a, b) => a - b) },
        });
      }
    },
    onSuccess: async () => {
      notifications.notify({ kind: 'success', message: t('notifications.editSuccess') });
      await queryClient.invalidateQueries({ queryKey: ['userPermissions', id] });
      setDraft(null); // start again from what the server has now
    },
    onError: (error) => {
      const notice = failureNotice(t, toHttpError(error, translateError));
      if (notice) notifications.notify({ kind: 'error', message: notice.message });
    },
  });

  const title = user
    ? t('settings.userPermissions.title', { name: user.displayName })
    : t('settings.userPermissions.titleLoading');
  const back = { to: adminPath('permissionList'), label: t('settings.userPermissions.back') };
  let content: ReactNode;
  if (!ready || !draft || !user) {
    content = <FormPlaceholder error={data.error} onRetry={data.retry} isRetrying={data.isRetrying} />;
  } else {
    const tabs = [
      access.readRoles ? 'features' : null,
      access.readVirtualAccounts ? 'virtualAccounts' : null,
    ].filter((tab) => tab !== null);
    const maySave = access.updateRoles || access.updateVirtualAccounts;
    content = (
      <div className="form-card form-card--wide permissions-card">
        <div className="permissions-head">
          <div className="fb-field permissions-head__group">
            <label className="fb-field__label" htmlFor={groupSelectId}>
              {t('settings.userPermissions.group')}
            </label>
            <select
              id={groupSelectId}
              className="fb-field__input select"
              value={draft.groupId === null ? '' : String(draft.groupId)}
              disabled={!access.updateRoles}
              onChange={(event) =>
                setDraft(
                  chooseGroup(draft, groupOf(event.target.value === '' ? null : Number(event.target.value))),
                )
              }
            >
              <option value="">{t('settings.userPermissions.noGroup')}</option>
              {data.groups.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title[locale] || option.code}
                </option>
              ))}
            </select>
          </div>
          <p className="permissions-head__who">
            {t(`settings.userTypes.${user.type}`)} · {user.email}
          </p>
        </div>
        {tabs.length > 0 ? (
          <Tabs className="settings-tabs">
            <TabList aria-label={title} className="settings-tabs__list">
              {tabs.map((tab) => (
                <Tab key={tab} id={tab} className="settings-tabs__tab">
                  {t(`settings.userPermissions.tabs.${tab}`)}
                </Tab>
              ))}
            </TabList>
            {access.readRoles ? (
              <TabPanel id="features" className="settings-tabs__panel">
                <FeatureTab
                  catalogue={data.catalogue}
                  draft={draft}
                  group={group}
                  isDisabled={!access.updateRoles}
                  onToggle={(role, on) => setDraft({ ...draft, roles: toggle(draft.roles, role, on) })}
                />
              </TabPanel>
            ) : null}
            {access.readVirtualAccounts ? (
              <TabPanel id="virtualAccounts" className="settings-tabs__panel">
                <VirtualAccountsTab
                  accounts={data.accounts}
                  draft={draft}
                  group={group}
                  isDisabled={!access.updateVirtualAccounts}
                  onToggle={(accountId, on) =>
                    setDraft({ ...draft, virtualAccounts: toggle(draft.virtualAccounts, accountId, on) })
                  }
                />
              </TabPanel>
            ) : null}
          </Tabs>
        ) : null}
        <div className="form-actions permissions-actions">
          <Button
            variant="secondary"
            isDisabled={!access.updateRoles}
            onPress={() => setDraft(restoreRoles(draft, group))}
          >
            {t('settings.userPermissions.restore')}
          </Button>
          <Button
            isDisabled={!maySave || save.isPending}
            onPress={() => save.mutate({ target: user, next: draft })}
          >
            {save.isPending ? t('form.saving') : t('form.save')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <>
      <SectionTabs section="settings" user={editor} currentPath={adminPath('permissionList')} />
      <PageHeader title={title} back={back} />
      {content}
    </>
  );
}
