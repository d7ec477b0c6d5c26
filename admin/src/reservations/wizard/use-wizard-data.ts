import { shiftDay } from '@flybook/domain';
import { bookingCalls, type CalculateBody, flightCalls, lookupCalls, optionCalls } from '@flybook/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/context.tsx';
import type { AgeType, WizardFlight } from './wizard-model.ts';
import type { WizardAccess, WizardMode } from './wizard-rules.ts';

/** Spec 02 §9: cost recalculation waits 1 s after the last change. */
export const CALCULATE_DEBOUNCE_MS = 1000;
/** Spec 02 §2: the date tabs show 3 days before and after the chosen day. */
export const TAB_DAYS = 3;
/** Spec 02 §9: flight searches ask for up to 100 flights. */
const FLIGHT_SEARCH_PAGE_SIZE = 100;

export interface FlightSearch {
  origin: string;
  destination: string;
  /** The chosen day; the search covers the week around it (the date tabs). */
  day: string;
  party: readonly AgeType[];
}

/**
 * The flights of the week around a day on a route, from the list the user books from (spec 02 §7):
 * staff's full list (open and closed flights; departed ones too while editing), the agents' list,
 * or the public one.
 */
export function useFlightSearch(access: WizardAccess, mode: WizardMode, search: FlightSearch | null) {
  const { client } = useServices();
  return useQuery({
    queryKey: ['wizardFlights', access.flightList, mode, search],
    enabled: search !== null && search.origin !== '' && search.destination !== '' && search.day !== '',
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<WizardFlight[]> => {
      if (!search) return [];
      const query = {
        origin: search.origin,
        destination: search.destination,
        departureFrom: shiftDay(search.day, -TAB_DAYS),
        departureTo: shiftDay(search.day, TAB_DAYS),
        passengersAges: [...search.party],
        sortBy: 'departure' as const,
        sortOrder: 'ASC' as const,
        page: 0,
        pageSize: FLIGHT_SEARCH_PAGE_SIZE,
      };
      if (access.flightList === 'public') {
        return (await client.call(bookingCalls.publicFlightList, { query }, { signal })).items;
      }
      const status =
        mode === 'edit' ? (['created', 'closed', 'departed'] as const) : (['created', 'closed'] as const);
      const call = access.flightList === 'full' ? flightCalls.list : flightCalls.agentList;
      return (await client.call(call, { query: { ...query, status: [...status] } }, { signal })).items;
    },
  });
}

/** The options a passenger can add on a flight of this rate and tariff. */
export function useFlightOptions(rateId: number | undefined, tariffId: number | undefined) {
  const { client } = useServices();
  return useQuery({
    queryKey: ['wizardOptions', rateId, tariffId],
    enabled: rateId !== undefined && tariffId !== undefined,
    staleTime: 60_000,
    queryFn: async ({ signal }) =>
      (
        await client.call(
          optionCalls.attachList,
          { query: { config: JSON.stringify({ rateId, tariffId }) } },
          { signal },
        )
      ).items,
  });
}

/** A flight's seat map with free and taken seats; the reservation's own seats show as its own. */
export function useSeatMap(flightId: number, tariffId: number, reservationId: number | null) {
  const { client } = useServices();
  return useQuery({
    queryKey: ['wizardSeats', flightId, tariffId, reservationId],
    queryFn: ({ signal }) =>
      client.call(
        bookingCalls.passengerSeats,
        { params: { id: flightId }, query: { tariffId, ...(reservationId ? { reservationId } : {}) } },
        { signal },
      ),
  });
}

/** Countries for the billing form (CH first), and the airports with the routes flown. */
export function useLookups() {
  const { client } = useServices();
  const countries = useQuery({
    queryKey: ['countries'],
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => (await client.call(lookupCalls.countryList, undefined, { signal })).items,
  });
  const airports = useQuery({
    queryKey: ['airports'],
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) =>
      (await client.call(lookupCalls.airportList, { query: {} }, { signal })).items,
  });
  const routes = useQuery({
    queryKey: ['flightsMap'],
    staleTime: 60_000,
    queryFn: async ({ signal }) => (await client.call(flightCalls.flightsMap, undefined, { signal })).items,
  });
  return { countries: countries.data, airports: airports.data, routes: routes.data };
}

/** The tariff groups' names (Economy, Business), for the seat map's sections. */
export function useTariffGroups() {
  const { client } = useServices();
  return useQuery({
    queryKey: ['tariffGroups'],
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) =>
      (await client.call(lookupCalls.tariffGroupList, undefined, { signal })).items,
  }).data;
}

/**
 * What the booking costs, asked again 1 s after the last change (spec 02 §4); the previous answer
 * stays shown while a new one is on its way.
 */
export function useCalculation(body: CalculateBody | null) {
  const { client } = useServices();
  const [settled, setSettled] = useState(body);
  const key = JSON.stringify(body);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the body is compared by its JSON (key)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(body), CALCULATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const query = useQuery({
    queryKey: ['wizardCalculate', settled],
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) => {
      if (!settled) throw new Error('Nothing to price yet');
      return client.call(bookingCalls.calculate, { body: settled }, { signal });
    },
  });
  return {
    cost: body === null ? undefined : query.data,
    isCalculating: body !== null && (key !== JSON.stringify(settled) || query.isFetching),
    /** Why the last calculation gave no price (the summary says it); null while one runs. */
    error: body === null || key !== JSON.stringify(settled) ? null : query.error,
    retry: () => void query.refetch(),
  };
}
