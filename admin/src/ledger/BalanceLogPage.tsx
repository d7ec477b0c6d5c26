import './ledger.css';
import { saveFile } from '@flybook/client';
import { adminPath, satisfies } from '@flybook/domain';
import type { Locale } from '@flybook/locales';
import { accountName, recordTitle } from '@flybook/locales/ledger';
import { type BalanceLogRecord, balanceLogCalls, type Me } from '@flybook/schemas';
import { Button } from '@flybook/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { MessagePage } from '../app/frames.tsx';
import { RecordNotFound } from '../app/LoadFailure.tsx';
import { useLocale } from '../app/layout-parts.tsx';
import {
  CheckboxGroupFilter,
  countChanged,
  DateFilter,
  ListFilters,
  SearchFilter,
} from '../app/list/ListFilters.tsx';
import { ServerList } from '../app/list/ServerList.tsx';
import { LIST_RELOAD_DEBOUNCE_MS, useServerList } from '../app/list/use-server-list.ts';
import { failureNotice } from '../app/notices.ts';
import { PageHeader } from '../app/PageHeader.tsx';
import { SectionTabs } from '../app/SectionTabs.tsx';
import { useCurrentUser } from '../app/use-current-user.ts';
import { type AccountChoice, AccountMultiPicker, AccountPicker } from './AccountPicker.tsx';
import { BalanceLogSummary, type SummaryState } from './balance-log/BalanceLogSummary.tsx';
import { balanceLogColumns } from './balance-log/balance-log-columns.tsx';
import {
  accountInAddress,
  addressWithAccount,
  type BalanceLogAccess,
  type BalanceLogFilterValues,
  balanceLogAccess,
  balanceLogCrudFilters,
  balanceLogFilters,
  EMPTY_BALANCE_LOG_FILTERS,
  shownAccount,
} from './balance-log/balance-log-filters.ts';
import { BALANCE_LOG, OWN_BALANCE_LOG } from './ledger-resources.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** Spec 03 §9: default 10, max 50, newest first. */
export const BALANCE_LOG_LIST = {
  defaultPageSize: 10,
  maxPageSize: 50,
  defaultSort: { field: 'createdAt', order: 'desc' },
} as const;

const ACCOUNT_ID = /^[1-9]\d{0,9}$/;

/** The account's name as the records give it, for an account chosen by its id in the address. */
function nameInRecords(t: TFunction, records: readonly BalanceLogRecord[], id: number): string | null {
  for (const record of records) {
    if (record.debitAccount.id === id) return accountName(t, record.debitAccount);
    if (record.creditAccount.id === id) return accountName(t, record.creditAccount);
  }
  return null;
}

/** Every filter but the account. */
const FILTERS_BESIDE_ACCOUNT = ['query', 'relatedAccountId', 'typeId', 'dateFrom', 'dateTo'] as const;

/** The filters folded behind "More filters", so the records stay on screen (issue 27). */
const MORE_FILTERS = ['relatedAccountId', 'typeId'] as const;

/** The summary of the selected account for the filtered period, by the call the user may use. */
function useSummary(
  access: BalanceLogAccess,
  filters: BalanceLogFilterValues,
  selectedAccountId: number | null,
): SummaryState | null {
  const { client } = useServices();
  const own = !access.fullList;
  const apiFilters = balanceLogFilters(filters, own);
  const enabled = access.summary && (own || selectedAccountId !== null);
  const summary = useQuery({
    queryKey: ['balanceLog', 'summary', own, selectedAccountId, apiFilters],
    queryFn: ({ signal }) =>
      own
        ? client.call(balanceLogCalls.ownSummary, { query: apiFilters }, { signal })
        : client.call(
            balanceLogCalls.summary,
            { query: { ...apiFilters, selectedAccountId: selectedAccountId ?? 0 } },
            { signal },
          ),
    enabled,
    retry: false,
  });
  if (!access.summary) return null;
  if (!enabled) return { kind: 'noAccount' };
  if (summary.data) return { kind: 'ready', ...summary.data };
  return summary.isError && !summary.isFetching
    ? { kind: 'error', error: summary.error, retry: () => void summary.refetch() }
    : { kind: 'loading' };
}

function BalanceLog({
  user,
  accountId,
  onChooseAccount,
}: {
  user: Me;
  /** The account of the address (null: all accounts); ignored by the own list. */
  accountId: number | null;
  onChooseAccount: (accountId: number | null) => void;
}) {
  const { t } = useTranslation();
  const locale: Locale = useLocale();
  const { client, notifications, translateError } = useServices();
  const access = useMemo(() => balanceLogAccess(user), [user]);
  const own = !access.fullList;

  // The names of the accounts chosen here, shown at once when the address comes back to them.
  const [chosenNames, setChosenNames] = useState<ReadonlyMap<number, string>>(new Map());
  const [related, setRelated] = useState<AccountChoice[]>([]);
  // The list starts with the address's account; later addresses (a choice, Back) go through setFilter.
  const addressFilter = own || accountId === null ? '' : String(accountId);
  const [initialFilters] = useState<BalanceLogFilterValues>(() => ({
    ...EMPTY_BALANCE_LOG_FILTERS,
    accountId: addressFilter,
  }));
  const toFilters = useMemo(() => balanceLogCrudFilters(own), [own]);
  const list = useServerList<BalanceLogRecord, BalanceLogFilterValues>({
    ...BALANCE_LOG_LIST,
    resource: own ? OWN_BALANCE_LOG : BALANCE_LOG,
    initialFilters,
    toFilters,
  });
  const { setFilter } = list;
  const filteredAccount = useRef(list.filterValues.accountId);
  filteredAccount.current = list.filterValues.accountId;
  useEffect(() => {
    if (filteredAccount.current !== addressFilter) setFilter('accountId', addressFilter);
  }, [addressFilter, setFilter]);
  // What the rows were asked for: the filter bar's values once they have settled.
  const applied = useDebouncedValue(list.filterValues, LIST_RELOAD_DEBOUNCE_MS);
  const selectedAccountId = own
    ? user.accountId
    : ACCOUNT_ID.test(applied.accountId)
      ? Number(applied.accountId)
      : null;

  // Emptying the account box is also how one starts typing another name: the address takes "all
  // accounts" only when the box is left empty, so Back never stops at a box emptied on the way.
  const [emptied, setEmptied] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another account in the address ends the emptying
  useEffect(() => setEmptied(false), [accountId]);

  // The account's name: as chosen, the user's own, or as its records give it.
  const accountName =
    accountId === null
      ? null
      : (chosenNames.get(accountId) ??
        (accountId === user.accountId ? user.displayName : nameInRecords(t, list.rows, accountId)));
  const account: AccountChoice | null =
    accountId === null ? null : { id: accountId, displayName: accountName ?? `#${accountId}` };
  // An account known by nothing but the address's number, without records under no other filter,
  // may not exist: the API answers an unknown account with an empty page, not 404.
  const unknownAccount =
    !own &&
    account !== null &&
    accountName === null &&
    countChanged(list.filterValues, EMPTY_BALANCE_LOG_FILTERS, FILTERS_BESIDE_ACCOUNT) === 0;

  const types = useQuery({
    queryKey: ['balanceLog', 'types'],
    queryFn: ({ signal }) => client.call(balanceLogCalls.types, undefined, { signal }),
    enabled: access.categoryFilter,
    staleTime: 5 * 60_000,
  });
  const typeOptions = (types.data?.items ?? []).map((type) => ({
    value: String(type.id),
    label: type.name[locale] || type.code,
  }));

  const summary = useSummary(access, applied, selectedAccountId);

  const reportFailure = (error: unknown) => {
    const notice = failureNotice(t, toHttpError(error, translateError));
    if (notice) notifications.notify({ kind: 'error', message: notice.message });
  };

  const overview = useMutation({
    mutationFn: async (accountId: number) => {
      const file = await client.call(balanceLogCalls.overviewPdf, {
        query: { ...balanceLogFilters(applied, true), selectedAccountId: accountId, locale },
      });
      saveFile(file);
    },
    onError: reportFailure,
  });
  const onOverview = () => {
    if (selectedAccountId === null) {
      notifications.notify({ kind: 'warning', message: t('errors.ERROR_NOT_SELECTED_ACCOUNT') });
      return;
    }
    overview.mutate(selectedAccountId);
  };

  const cashback = useMutation({
    mutationFn: async (record: BalanceLogRecord) => {
      saveFile(await client.call(balanceLogCalls.cashbackPdf, { params: { id: record.id, locale } }));
    },
    onError: reportFailure,
  });
  const cashbackBusyId = cashback.isPending ? (cashback.variables?.id ?? null) : null;
  const { mutate: downloadCashback } = cashback;

  const columns = useMemo(
    () =>
      balanceLogColumns({
        t,
        locale,
        selectedAccountId,
        cashbackPdf: access.cashbackPdf
          ? {
              text: t('ledger.balanceLog.cashbackPdf'),
              label: (record) => t('ledger.balanceLog.cashbackPdfOf', { title: recordTitle(t, record) }),
              onPress: (record) => downloadCashback(record),
              busyId: cashbackBusyId,
            }
          : null,
      }),
    [t, locale, selectedAccountId, access.cashbackPdf, cashbackBusyId, downloadCashback],
  );

  const title = t('ledger.balanceLog.title');
  const relatedSource = satisfiesAccountList(user) ? 'all' : satisfiesFreeList(user) ? 'free' : null;

  return (
    <>
      <SectionTabs section="ledger" user={user} />
      <PageHeader title={title}>
        {access.overviewPdf ? (
          <Button variant="secondary" isPending={overview.isPending} onPress={onOverview}>
            {t('ledger.balanceLog.overviewPdf')}
          </Button>
        ) : null}
      </PageHeader>
      <ListFilters
        moreSet={countChanged(list.filterValues, EMPTY_BALANCE_LOG_FILTERS, MORE_FILTERS)}
        more={
          relatedSource || access.categoryFilter ? (
            <>
              {relatedSource ? (
                <div className="list-filters__account">
                  <AccountMultiPicker
                    label={t('ledger.balanceLog.filters.relatedAccount')}
                    source={relatedSource}
                    value={related}
                    onChange={(chosen) => {
                      setRelated(chosen);
                      list.setFilter(
                        'relatedAccountId',
                        chosen.map((choice) => String(choice.id)),
                      );
                    }}
                  />
                </div>
              ) : null}
              {access.categoryFilter && typeOptions.length > 0 ? (
                <CheckboxGroupFilter
                  list={list}
                  name="typeId"
                  label={t('ledger.balanceLog.filters.category')}
                  options={typeOptions}
                />
              ) : null}
            </>
          ) : undefined
        }
      >
        {access.accountFilter ? (
          <div className="list-filters__account">
            <AccountPicker
              label={t('ledger.balanceLog.filters.account')}
              source="all"
              value={emptied ? null : account}
              onChange={(choice) => {
                if (!choice) {
                  setEmptied(true);
                  return;
                }
                setEmptied(false);
                setChosenNames((names) => new Map(names).set(choice.id, choice.displayName));
                onChooseAccount(choice.id);
              }}
              onBlur={() => {
                if (!emptied) return;
                setEmptied(false);
                onChooseAccount(null);
              }}
            />
          </div>
        ) : null}
        <SearchFilter list={list} name="query" label={t('list.search')} />
        <DateFilter list={list} name="dateFrom" label={t('ledger.balanceLog.filters.dateFrom')} />
        <DateFilter list={list} name="dateTo" label={t('ledger.balanceLog.filters.dateTo')} />
      </ListFilters>
      {summary ? <BalanceLogSummary state={summary} locale={locale} /> : null}
      <ServerList
        list={list}
        columns={columns}
        label={title}
        emptyTitle={
          unknownAccount
            ? t('ledger.balanceLog.emptyUnknownAccount', { id: accountId })
            : t('ledger.balanceLog.empty')
        }
        emptyHint={
          unknownAccount ? t('ledger.balanceLog.emptyUnknownAccountHint') : t('ledger.balanceLog.emptyHint')
        }
      />
    </>
  );
}

// The related-account filter searches the account list, or else the transaction picker's accounts.
const satisfiesAccountList = (user: Me) => satisfies(user.roles, 'ROLE_ACCOUNT_LIST');
const satisfiesFreeList = (user: Me) => satisfies(user.roles, 'ROLE_ACCOUNT_LIST_FREE');

/**
 * Balance log (spec 03 §2 Accounting): the records of one account or, without any, of all accounts,
 * with filters, a summary of the selected account, the overview PDF and the cashback PDF per cashback
 * record. The account is the address's `accountId` (the user's own without one, `all` for every
 * account): choosing another puts it there, so a reload, a shared link and Back show that account
 * (docs/ledger.md "The account in the address"). A value that names no account is refused with Not
 * Found; users with only their own records (the own-list calls) see their own account and are
 * refused any other, as the API refuses them.
 */
export function BalanceLogPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const onChooseAccount = useCallback(
    (accountId: number | null) => {
      const next = addressWithAccount(params, accountId);
      // a new entry in the history, so Back returns to the account before
      if (next.toString() !== params.toString()) setParams(next);
    },
    [params, setParams],
  );
  if (!user) return null;
  const shown = shownAccount(accountInAddress(params), user, balanceLogAccess(user));
  if (shown.kind === 'records') {
    return <BalanceLog user={user} accountId={shown.accountId} onChooseAccount={onChooseAccount} />;
  }
  const ownRecords = { to: adminPath('balanceLog'), label: t('ledger.balanceLog.ownRecords') };
  return (
    <>
      <SectionTabs section="ledger" user={user} />
      <PageHeader title={t('ledger.balanceLog.title')} />
      {shown.kind === 'bad' ? (
        <RecordNotFound
          level={2}
          text={t('ledger.balanceLog.badAccount', { value: shown.value.slice(0, 40) })}
          back={ownRecords}
        />
      ) : (
        <AccessDenied text={t('ledger.balanceLog.otherAccountDenied')} back={ownRecords} />
      )}
    </>
  );
}

/** The API's refusal of another account's records, under the page's header, with the way to the own ones. */
function AccessDenied({ text, back }: { text: string; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <MessagePage code={403} titleId="balance-log-denied-title" title={t('deny.title')} text={text} level={2}>
      <Link className="message-page__link" to={back.to}>
        {back.label}
      </Link>
    </MessagePage>
  );
}
