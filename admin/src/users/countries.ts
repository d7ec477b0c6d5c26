import { type Country, lookupCalls } from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/context.tsx';
import { toHttpError } from '../app/errors.ts';
import { failureNotice } from '../app/notices.ts';

/**
 * The countries of the user forms and the agent list's filter, in the server's order (CH, KV, FR,
 * DE, AT, IT, MK first: spec 03 §9). A failed load is reported once; the forms wait for the list
 * (spec 03 §2: the manager form shows only after data and the country list have loaded).
 */
export function useCountries(): Country[] | undefined {
  return useCountryList().countries;
}

/** The countries, and why and how to ask again when they could not be loaded (the forms show it). */
export function useCountryList(): { countries: Country[] | undefined; error: unknown; retry: () => void } {
  const { t } = useTranslation();
  const { client, notifications, translateError } = useServices();
  const query = useQuery({
    queryKey: ['lookup', 'countries'],
    queryFn: ({ signal }) => client.call(lookupCalls.countryList, {}, { signal }),
    staleTime: 10 * 60_000,
    select: (answer) => answer.items,
  });
  useEffect(() => {
    if (!query.error) return;
    const notice = failureNotice(t, toHttpError(query.error, translateError));
    if (notice) notifications.notify({ kind: 'error', message: notice.message });
  }, [query.error, t, notifications, translateError]);
  return { countries: query.data, error: query.error, retry: () => void query.refetch() };
}
