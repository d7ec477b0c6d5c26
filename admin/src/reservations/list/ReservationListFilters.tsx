import {
  INVOICE_STATUSES,
  PAYMENT_TERMS,
  RESERVATION_STATUSES,
  type ReservationListItem,
  type ReservationUserSchema,
  reservationListCalls,
} from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';
import { type SearchChoice, SearchPicker } from '../../app/form/SearchPicker.tsx';
import {
  CheckboxGroupFilter,
  countChanged,
  DateFilter,
  type FilterOption,
  ListFilters,
  SearchFilter,
  SelectFilter,
} from '../../app/list/ListFilters.tsx';
import { LIST_RELOAD_DEBOUNCE_MS, type ServerListState } from '../../app/list/use-server-list.ts';
import { invoiceStatusLabel, paymentTermsLabel, reservationStatusLabel } from '../reservation-format.ts';
import type { ReservationListPermissions } from './reservation-actions.ts';
import { INITIAL_RESERVATION_FILTERS, type ReservationFilterValues } from './reservation-filters.ts';

type ReservationUser = z.infer<typeof ReservationUserSchema>;
type List = ServerListState<ReservationListItem, ReservationFilterValues>;

/**
 * The owner or reservator filter: users who own (or made) reservations, searched by name or e-mail
 * 1 s after typing stops (spec 02 §9). A user given by the address gets their name from the API.
 */
function ReservationUserFilter({
  list,
  name,
  label,
}: {
  list: List;
  name: 'ownerId' | 'reservatorId';
  label: string;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const isReservator = name === 'reservatorId';
  const id = list.filterValues[name];
  const [picked, setPicked] = useState<SearchChoice | null>(null);
  const named = useQuery({
    queryKey: ['reservationUsers', 'one', id],
    queryFn: ({ signal }) =>
      client.call(reservationListCalls.userList, { query: { userId: Number(id) } }, { signal }),
    enabled: id !== '' && picked?.id !== Number(id),
    staleTime: 60_000,
  });
  const fromAddress = named.data?.items[0];
  const value: SearchChoice | null =
    id === ''
      ? null
      : picked?.id === Number(id)
        ? picked
        : { id: Number(id), displayName: fromAddress?.displayName ?? `#${id}` };

  return (
    <SearchPicker<ReservationUser>
      className="list-filters__user"
      label={label}
      value={value}
      onChange={(choice) => {
        if (!choice) return;
        setPicked(choice);
        list.setFilter(name, String(choice.id));
      }}
      onInputChange={(text) => {
        // Emptying the box takes the filter away.
        if (text.trim() === '' && id !== '') {
          setPicked(null);
          list.setFilter(name, '');
        }
      }}
      queryKey={['reservationUsers', isReservator]}
      load={async (search, signal) =>
        (
          await client.call(
            reservationListCalls.userList,
            { query: { isReservator, ...(search ? { query: search } : {}) } },
            { signal },
          )
        ).items
      }
      staleTime={30_000}
      debounceMs={LIST_RELOAD_DEBOUNCE_MS}
      detailOf={(user) => user.email}
      placeholder={t('reservations.filters.userPlaceholder')}
      showLabel={t('reservations.filters.showUsers')}
      emptyText={t('reservations.filters.noUsers')}
    />
  );
}

/** The filters under "More filters". */
const MORE_FILTERS = [
  'reservationStatus',
  'paymentStatus',
  'paymentTerms',
  'flightFrom',
  'flightTo',
  'createdFrom',
  'createdTo',
  'paymentFrom',
  'paymentTo',
  'deadlineFrom',
  'deadlineTo',
] as const satisfies readonly (keyof ReservationFilterValues)[];

/**
 * The reservation list's filters (spec 02 §3 Reservation list filters): search, active, statuses,
 * payment statuses, the four date intervals, payment terms, reservator and owner. Customers get
 * the search, active and terms only; the owner and reservator filters need their role.
 */
export function ReservationListFilters({
  list,
  permissions,
}: {
  list: List;
  permissions: ReservationListPermissions;
}) {
  const { t } = useTranslation();
  const statusOptions = useMemo<FilterOption[]>(
    () => RESERVATION_STATUSES.map((value) => ({ value, label: reservationStatusLabel(t, value) })),
    [t],
  );
  const paymentOptions = useMemo<FilterOption[]>(
    () => INVOICE_STATUSES.map((value) => ({ value, label: invoiceStatusLabel(t, value) })),
    [t],
  );
  const termsOptions = useMemo<FilterOption[]>(
    () => PAYMENT_TERMS.map((value) => ({ value, label: paymentTermsLabel(t, value) })),
    [t],
  );
  const activeOptions = useMemo<FilterOption[]>(
    () => [
      { value: 'true', label: t('reservations.filters.activeOnly') },
      { value: 'false', label: t('reservations.filters.inactiveOnly') },
    ],
    [t],
  );
  const { fullView } = permissions;
  const userFilters = permissions.fullList && permissions.userFilters;

  // Statuses, terms and dates are set less often than the search: they fold away (issue 27).
  const moreSet = countChanged(list.filterValues, INITIAL_RESERVATION_FILTERS, MORE_FILTERS);
  return (
    <ListFilters
      moreSet={moreSet}
      more={
        <>
          {fullView ? (
            <>
              <CheckboxGroupFilter
                list={list}
                name="reservationStatus"
                label={t('reservations.filters.status')}
                options={statusOptions}
              />
              <CheckboxGroupFilter
                list={list}
                name="paymentStatus"
                label={t('reservations.filters.paymentStatus')}
                options={paymentOptions}
              />
            </>
          ) : null}
          <CheckboxGroupFilter
            list={list}
            name="paymentTerms"
            label={t('reservations.filters.paymentTerms')}
            options={termsOptions}
          />
          {fullView ? (
            <div className="reservation-dates">
              <DateFilter list={list} name="flightFrom" label={t('reservations.filters.flightFrom')} />
              <DateFilter list={list} name="flightTo" label={t('reservations.filters.flightTo')} />
              <DateFilter list={list} name="createdFrom" label={t('reservations.filters.createdFrom')} />
              <DateFilter list={list} name="createdTo" label={t('reservations.filters.createdTo')} />
              <DateFilter list={list} name="paymentFrom" label={t('reservations.filters.paymentFrom')} />
              <DateFilter list={list} name="paymentTo" label={t('reservations.filters.paymentTo')} />
              <DateFilter list={list} name="deadlineFrom" label={t('reservations.filters.deadlineFrom')} />
              <DateFilter list={list} name="deadlineTo" label={t('reservations.filters.deadlineTo')} />
            </div>
          ) : null}
        </>
      }
    >
      <SearchFilter
        list={list}
        name="query"
        label={t('list.search')}
        description={t('reservations.filters.queryHint')}
      />
      <SelectFilter
        list={list}
        name="isActive"
        label={t('reservations.filters.active')}
        options={activeOptions}
      />
      {userFilters ? (
        <>
          <ReservationUserFilter
            list={list}
            name="reservatorId"
            label={t('reservations.filters.reservator')}
          />
          <ReservationUserFilter list={list} name="ownerId" label={t('reservations.filters.owner')} />
        </>
      ) : null}
    </ListFilters>
  );
}
