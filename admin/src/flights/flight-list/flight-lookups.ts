import { lookupCalls } from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/context.tsx';
import { toHttpError } from '../../app/errors.ts';
import { failureNotice } from '../../app/notices.ts';

const LOOKUP_STALE_MS = 10 * 60_000;

/** Reports a failed lookup once as an unknown-error notice; the page still works without it. */
function useFailureNotice(error: Error | null) {
  const { t } = useTranslation();
  const { notifications, translateError } = useServices();
  useEffect(() => {
    if (!error) return;
    const notice = failureNotice(t, toHttpError(error, translateError));
    if (notice) notifications.notify({ kind: 'error', message: notice.message });
  }, [error, t, notifications, translateError]);
}

/** Every airport (the origin and destination filters), main airports first, then by code. */
export function useAirports() {
  const { client } = useServices();
  const query = useQuery({
    queryKey: ['lookup', 'airports'],
    queryFn: ({ signal }) => client.call(lookupCalls.airportEntireList, {}, { signal }),
    staleTime: LOOKUP_STALE_MS,
    select: (answer) =>
      [...answer.items].sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.code.localeCompare(b.code)),
  });
  useFailureNotice(query.error);
  return query.data;
}

/** The tariff groups (economy, economy-plus, business) that name the seat columns. */
export function useTariffGroups() {
  const { client } = useServices();
  const query = useQuery({
    queryKey: ['lookup', 'tariffGroups'],
    queryFn: ({ signal }) => client.call(lookupCalls.tariffGroupList, {}, { signal }),
    staleTime: LOOKUP_STALE_MS,
    select: (answer) => answer.items,
  });
  useFailureNotice(query.error);
  return query.data;
}
