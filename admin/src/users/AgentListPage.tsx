import { satisfies, toRappen } from '@flybook/domain';
import { formatMoney, formatNumber } from '@flybook/locales/format';
import { AGENT_FIELD_ROLES, type Agent } from '@flybook/schemas';
import type { ColDef } from 'ag-grid-community';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../app/layout-parts.tsx';
import { SelectFilter } from '../app/list/ListFilters.tsx';
import { useServerList } from '../app/list/use-server-list.ts';
import { useRouteAccess } from '../app/route-access.ts';
import { useCountries } from './countries.ts';
import { AMOUNT, USER_LIST, UserListPage, useUserActions, useUserColumns, WRAPPED } from './UserListPage.tsx';
import { AGENTS } from './user-resources.ts';

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

/**
 * Agents (spec 03 §2): add button, search, active only and country filters; columns id, Name,
 * E-mail, Phone, Credit Limit (CHF) and Margin (with their roles), Balance; actions edit, balance
 * log and the agent's reservations.
 */
export function AgentListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useRouteAccess();
  const countries = useCountries();
  const list = useServerList<Agent, { query: string; isActive: boolean; countries: string }>({
    resource: AGENTS,
    ...USER_LIST,
    initialFilters: { query: '', isActive: true, countries: '' },
  });
  const seesCredit = satisfies(user.roles, AGENT_FIELD_ROLES.creditLimitTotalAmount);
  const seesMargin = satisfies(user.roles, AGENT_FIELD_ROLES.marginType);
  const middle = useMemo<ColDef<Agent>[]>(
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
              valueGetter: ({ data }: { data: Agent | undefined }) => (data ? marginText(data, locale) : ''),
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
  const columns = useUserColumns<Agent>(middle);
  const actions = useUserActions<Agent>({
    editRoute: 'agentEdit',
    editParam: 'agentId',
    editText: t('list.edit'),
    editLabelKey: 'list.editNamed',
    reservationsBy: 'reservatorId',
  });
  return (
    <UserListPage
      list={list}
      columns={columns}
      actions={actions}
      title={t('users.agents.title')}
      addLabel={t('users.agents.add')}
      newRoute="agentNew"
      emptyTitle={t('users.agents.empty')}
      filters={
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
      }
    />
  );
}
