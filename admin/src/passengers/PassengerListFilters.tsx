import type { FlightPassenger, TariffGroupSchema } from '@flybook/schemas';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocale } from '../app/layout-parts.tsx';
import {
  CheckboxGroupFilter,
  type FilterOption,
  ListFilters,
  SearchFilter,
} from '../app/list/ListFilters.tsx';
import type { ServerListState } from '../app/list/use-server-list.ts';
import type { PassengerFilterValues } from './passenger-filters.ts';

/**
 * The passenger list's filters (spec 03 §2): search text, tariff groups of the flight, payment
 * and appearing states. Every change reloads the list after the debounce (1 s, spec 03 §9).
 */
export function PassengerListFilters({
  list,
  tariffGroups,
}: {
  list: ServerListState<FlightPassenger, PassengerFilterValues>;
  /** The flight's tariff groups, named. */
  tariffGroups: readonly z.infer<typeof TariffGroupSchema>[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const groupOptions = useMemo<FilterOption[]>(
    () => tariffGroups.map((group) => ({ value: String(group.id), label: group.name[locale] || group.code })),
    [tariffGroups, locale],
  );
  const paymentOptions = useMemo<FilterOption[]>(
    () => [
      { value: 'paid', label: t('passengers.payment.paid') },
      { value: 'unpaid', label: t('passengers.payment.unpaid') },
    ],
    [t],
  );
  const appearingOptions = useMemo<FilterOption[]>(
    () => [
      { value: 'pending', label: t('passengers.appearing.pending') },
      { value: 'notAppeared', label: t('passengers.appearing.notAppeared') },
      { value: 'appeared', label: t('passengers.appearing.appeared') },
    ],
    [t],
  );
  return (
    <ListFilters>
      <SearchFilter
        list={list}
        name="query"
        label={t('list.search')}
        description={t('passengers.filters.queryHint')}
      />
      {groupOptions.length > 0 ? (
        <CheckboxGroupFilter
          list={list}
          name="tariffGroups"
          label={t('passengers.filters.tariffGroups')}
          options={groupOptions}
        />
      ) : null}
      <CheckboxGroupFilter
        list={list}
        name="payment"
        label={t('passengers.filters.payment')}
        options={paymentOptions}
      />
      <CheckboxGroupFilter
        list={list}
        name="appearing"
        label={t('passengers.filters.appearing')}
        options={appearingOptions}
      />
    </ListFilters>
  );
}
