import type { Locale } from '@flybook/locales';
import { lookupCalls, type Tariff } from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { failureNotice } from '../app/notices.ts';

/** The tariffs (1 and 2 economy, 3 economy-plus, 4 business), in id order; they rarely change. */
export function useTariffs(): {
  tariffs: readonly Tariff[] | undefined;
  isError: boolean;
  error: unknown;
  retry: () => void;
} {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const query = useQuery({
    queryKey: ['lookup', 'tariffs'],
    queryFn: ({ signal }) => client.call(lookupCalls.tariffList, {}, { signal }),
    staleTime: 10 * 60_000,
    select: (answer) => [...answer.items].sort((a, b) => a.id - b.id),
  });
  const { error } = query;
  useEffect(() => {
    if (!error) return;
    const notice = failureNotice(t, toHttpError(error, translateError));
    if (notice) notifications.notify({ kind: 'error', message: notice.message });
  }, [error, t, notifications, translateError]);
  return { tariffs: query.data, isError: query.isError, error, retry: () => void query.refetch() };
}

/** A tariff's name in the interface language. */
export const tariffName = (tariff: Tariff, locale: Locale): string => tariff.name[locale] || tariff.code;
