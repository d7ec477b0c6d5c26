import { weekdayName } from '@flybook/locales/format';
import type { Airport, FlightListItem } from '@flybook/schemas';
import { TextField } from '@flybook/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../app/layout-parts.tsx';
import {
  CheckboxGroupFilter,
  countChanged,
  DateFilter,
  type FilterOption,
  ListFilters,
  SearchFilter,
  SelectFilter,
} from '../../app/list/ListFilters.tsx';
import type { ServerListState } from '../../app/list/use-server-list.ts';
import { type FlightFilterValues, INITIAL_FLIGHT_FILTERS } from './flight-filters.ts';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The filters folded behind "More filters", so the rows stay on screen (issue 27). */
const MORE_FILTERS = [
  'departureFrom',
  'departureTo',
  'origin',
  'destination',
  'sequence',
  'weekday',
] as const;

/**
 * The flight list's filters (spec 03 §2): search, active, statuses, local departure dates,
 * airports, weekdays and sequence. Every change reloads the list after the debounce.
 */
export function FlightListFilters({
  list,
  airports,
}: {
  list: ServerListState<FlightListItem, FlightFilterValues>;
  airports: readonly Airport[] | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();

  const statusOptions = useMemo<FilterOption[]>(
    () => [
      { value: 'created', label: t('flights.status.created') },
      { value: 'closed', label: t('flights.status.closed') },
      { value: 'cancelled', label: t('flights.status.cancelled') },
      { value: 'departed', label: t('flights.status.departed') },
    ],
    [t],
  );
  const activeOptions = useMemo<FilterOption[]>(
    () => [
      { value: 'true', label: t('flights.list.filters.activeOnly') },
      { value: 'false', label: t('flights.list.filters.inactiveOnly') },
    ],
    [t],
  );
  const weekdayOptions = useMemo<FilterOption[]>(
    () => WEEKDAYS.map((day) => ({ value: String(day), label: weekdayName(day, locale) })),
    [locale],
  );
  const airportOptions = useMemo<FilterOption[]>(
    () =>
      (airports ?? []).map((airport) => ({
        value: airport.code,
        label: `${airport.code} – ${airport.city[locale] || airport.name[locale]}`,
      })),
    [airports, locale],
  );

  return (
    <ListFilters
      moreSet={countChanged(list.filterValues, INITIAL_FLIGHT_FILTERS, MORE_FILTERS)}
      more={
        <>
          <DateFilter list={list} name="departureFrom" label={t('flights.list.filters.departureFrom')} />
          <DateFilter list={list} name="departureTo" label={t('flights.list.filters.departureTo')} />
          <SelectFilter
            list={list}
            name="origin"
            label={t('flights.list.filters.origin')}
            anyLabel={t('flights.list.filters.anyAirport')}
            options={airportOptions}
          />
          <SelectFilter
            list={list}
            name="destination"
            label={t('flights.list.filters.destination')}
            anyLabel={t('flights.list.filters.anyAirport')}
            options={airportOptions}
          />
          <TextField
            className="list-filters__sequence"
            label={t('flights.list.filters.sequence')}
            inputMode="numeric"
            value={list.filterValues.sequence}
            onChange={(value) => list.setFilter('sequence', value)}
          />
          <CheckboxGroupFilter
            list={list}
            name="weekday"
            label={t('flights.list.filters.weekday')}
            options={weekdayOptions}
          />
        </>
      }
    >
      <SearchFilter
        list={list}
        name="query"
        label={t('list.search')}
        description={t('flights.list.filters.queryHint')}
      />
      <SelectFilter
        list={list}
        name="isActive"
        label={t('flights.list.filters.active')}
        anyLabel={t('flights.list.filters.any')}
        options={activeOptions}
      />
      <CheckboxGroupFilter
        list={list}
        name="status"
        label={t('flights.list.filters.status')}
        options={statusOptions}
      />
    </ListFilters>
  );
}
