import { idempotencyHeaders } from '@flybook/client';
import { adminPath, satisfies } from '@flybook/domain';
import {
  accountCalls,
  type BalanceLogTypeCode,
  balanceLogCalls,
  type FreeTransactionBody,
  type VirtualAccount,
} from '@flybook/schemas';
import { type HttpError, useInvalidate } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { accountNameOf, virtualAccountNameOf } from '../../app/account-names.ts';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { useIntent } from '../../app/idempotency.ts';
import { failureNotice } from '../../app/notices.ts';
import { useRouteAccess } from '../../app/route-access.ts';
import { BALANCE_LOG, OWN_BALANCE_LOG } from '../ledger-resources.ts';

/** Virtual accounts money moves through by hand: cash desks, bank (EC) and transfer accounts. */
const MONEY_ACCOUNT_KINDS = ['cash', 'bank', 'transfer'] as const;

/** A cash desk, bank or transfer account a deposit or settlement goes through. */
export interface MoneyAccount {
  id: number;
  name: string;
  kind: (typeof MONEY_ACCOUNT_KINDS)[number];
}

const isMoneyKind = (kind: string): kind is MoneyAccount['kind'] =>
  (MONEY_ACCOUNT_KINDS as readonly string[]).includes(kind);

/**
 * The cash desks, bank and transfer accounts the user may book through (docs/payments.md: only the
 * desks the person may operate): `account/payment-list` with ROLE_ACCOUNT_LIST_PAYMENT, else every
 * active one of the virtual accounts (the server still refuses a desk that is not the user's).
 */
function useMoneyAccounts(virtual: readonly VirtualAccount[] | undefined) {
  const { client } = useServices();
  const { t } = useTranslation();
  const { user } = useRouteAccess();
  const operable = satisfies(user.roles, 'ROLE_ACCOUNT_LIST_PAYMENT');
  const lists = useQuery({
    queryKey: ['newTransaction', 'moneyAccounts'],
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        MONEY_ACCOUNT_KINDS.map((paymentType) =>
          client.call(accountCalls.paymentList, { query: { paymentType } }, { signal }),
        ),
      );
      return pages.flatMap((page) => page.items);
    },
    enabled: operable,
    staleTime: 60_000,
  });
  if (!operable) {
    const accounts = (virtual ?? []).flatMap((account): MoneyAccount[] =>
      account.isActive && isMoneyKind(account.kind)
        ? [{ id: account.id, name: virtualAccountNameOf(t, account), kind: account.kind }]
        : [],
    );
    return { accounts, isLoading: false, isError: false, error: null };
  }
  const accounts = (lists.data ?? []).flatMap((account): MoneyAccount[] => {
    const kind = account.virtualAccount?.kind;
    return kind && isMoneyKind(kind) ? [{ id: account.id, name: accountNameOf(t, account), kind }] : [];
  });
  return { accounts, isLoading: lists.isPending, isError: lists.isError, error: lists.error };
}

/**
 * What the new transaction forms choose from: the categories that may be booked by hand, the
 * cashback expense account and the cash desks, bank and transfer accounts.
 */
export function useTransactionLookups() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const types = useQuery({
    queryKey: ['newTransaction', 'types'],
    queryFn: ({ signal }) => client.call(balanceLogCalls.freeTypes, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  const virtual = useQuery({
    queryKey: ['newTransaction', 'virtualAccounts'],
    queryFn: ({ signal }) => client.call(accountCalls.virtualAccountList, undefined, { signal }),
    staleTime: 60_000,
  });
  const money = useMoneyAccounts(virtual.data?.items);
  const typeItems = types.data?.items ?? [];
  const active = (virtual.data?.items ?? []).filter((account) => account.isActive);
  return {
    isLoading: types.isPending || virtual.isPending || money.isLoading,
    isError: types.isError || virtual.isError || money.isError,
    error: types.error ?? virtual.error ?? money.error,
    /** Asks again for the lists that failed. */
    retry: () =>
      void queryClient.refetchQueries({
        queryKey: ['newTransaction'],
        predicate: (cached) => cached.state.status === 'error',
      }),
    types: typeItems,
    typeOf: (code: BalanceLogTypeCode) => typeItems.find((type) => type.code === code) ?? null,
    /** The account cashbacks are paid from (kind expense). */
    expenseAccount: active.find((account) => account.kind === 'expense') ?? null,
    moneyAccounts: money.accounts,
  };
}

export type TransactionLookups = ReturnType<typeof useTransactionLookups>;

/** The body of both calls (`FreeTransactionBody`; the advanced one requires the description). */
type Body = Required<z.output<typeof FreeTransactionBody>>;

/**
 * Sends a new transaction (`payment/free/basic` or `/advanced`) with an Idempotency-Key. On success "Payment done", the
 * balances and logs are reloaded and the user goes to the balance log of the account concerned
 * (spec 03 §2), or stays on an emptied form without the balance log's permission. A refused field
 * shows under its field; anything else as a notice.
 */
export function useFreeTransaction<T extends FieldValues>(
  kind: 'basic' | 'advanced',
  setError: UseFormSetError<T>,
  fieldOf: (apiField: string) => Path<T> | null,
  /** What happens after a transaction when the balance log is not the user's to see (the form resets). */
  onDone?: () => void,
) {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const { canOpen } = useRouteAccess();

  const intent = useIntent();
  // Booked and on the way to the balance log, whose page may still be loading (a chunk of its own):
  // the form books nothing more, as a further click would be a new intent and book again.
  const leaving = useRef(false);
  const [isLeaving, setLeaving] = useState(false);
  const mutation = useMutation({
    mutationFn: async ({ body, key }: { body: Body; accountId: number; key: string }) => {
      const options = { headers: idempotencyHeaders(key) };
      return kind === 'basic'
        ? client.call(balanceLogCalls.basic, { body }, options)
        : client.call(balanceLogCalls.advanced, { body }, options);
    },
    onSuccess: async (_answer, { accountId }) => {
      notifications.notify({ kind: 'success', message: t('ledger.newTransaction.done') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['account'] }),
        queryClient.invalidateQueries({ queryKey: ['balanceLog'] }),
        invalidate({ resource: BALANCE_LOG, invalidates: ['list'] }),
        invalidate({ resource: OWN_BALANCE_LOG, invalidates: ['list'] }),
      ]);
      // To the balance log of the account concerned, for those who may see it.
      if (canOpen('balanceLog')) {
        leaving.current = true;
        setLeaving(true);
        navigate(`${adminPath('balanceLog')}?accountId=${accountId}`);
      } else onDone?.();
    },
    onError: (error) => {
      const failure: HttpError = toHttpError(error, translateError);
      let placed = false;
      for (const [apiField, message] of Object.entries(failure.errors ?? {})) {
        const field = fieldOf(apiField);
        const text = Array.isArray(message) ? message.join(' ') : message;
        if (!field || typeof text !== 'string') continue;
        setError(field, { type: 'server', message: text });
        placed = true;
      }
      if (placed) return;
      // A known code (same account twice, account not allowed…) reads as itself; else Unknown Error.
      const known = typeof failure.code === 'string' && failure.statusCode >= 400 && failure.statusCode < 500;
      if (known && failure.statusCode !== 401) {
        notifications.notify({ kind: 'error', message: failure.message });
        return;
      }
      const notice = failureNotice(t, failure);
      if (notice) notifications.notify({ kind: 'error', message: notice.message });
    },
  });
  return {
    /** Books the transaction once per intent: a double click or a retry of the same form books once. */
    mutate: (variables: { body: Body; accountId: number }) => {
      if (leaving.current) return;
      intent.run(variables.body, (key) => mutation.mutateAsync({ ...variables, key }));
    },
    isPending: mutation.isPending || isLeaving,
  };
}
