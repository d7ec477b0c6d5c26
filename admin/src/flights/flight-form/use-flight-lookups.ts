import {
  type AircraftTemplate,
  type AircraftTemplateSummarySchema,
  type Airport,
  aircraftTemplateCalls,
  type FlightCompany,
  flightCompanyCalls,
  lookupCalls,
  type Rate,
  rateCalls,
  type TariffGroupSchema,
} from '@flybook/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useServices } from '../../app/context.tsx';

const LOOKUP_STALE_MS = 10 * 60_000;

export type TemplateSummary = z.infer<typeof AircraftTemplateSummarySchema>;
export type TariffGroup = z.infer<typeof TariffGroupSchema>;

/** What the flight form offers to choose from. */
export interface FlightLookups {
  companies: readonly FlightCompany[];
  airports: readonly Airport[];
  templates: readonly TemplateSummary[];
  rates: readonly Rate[];
  /** In the list's order (economy, economy-plus, business): the order of the tariff rows. */
  tariffGroups: readonly TariffGroup[];
}

/**
 * The lists of the flight form: active airline companies and rates, airports, aircraft templates
 * with their seat counts, tariff groups. The query keys of airports and tariff groups are the
 * flight list's, so a visit from the list reads them from the cache.
 */
export function useFlightLookups(): { lookups: FlightLookups | undefined; error: Error | null } {
  const { client } = useServices();
  const options = { staleTime: LOOKUP_STALE_MS } as const;
  const companies = useQuery({
    queryKey: ['lookup', 'flightCompanies'],
    queryFn: ({ signal }) => client.call(flightCompanyCalls.entireList, {}, { signal }),
    ...options,
  });
  const airports = useQuery({
    queryKey: ['lookup', 'airports'],
    queryFn: ({ signal }) => client.call(lookupCalls.airportEntireList, {}, { signal }),
    ...options,
  });
  const templates = useQuery({
    queryKey: ['lookup', 'aircraftTemplates'],
    queryFn: ({ signal }) => client.call(aircraftTemplateCalls.list, {}, { signal }),
    ...options,
  });
  const rates = useQuery({
    queryKey: ['lookup', 'rates'],
    queryFn: ({ signal }) => client.call(rateCalls.entireList, {}, { signal }),
    ...options,
  });
  const tariffGroups = useQuery({
    queryKey: ['lookup', 'tariffGroups'],
    queryFn: ({ signal }) => client.call(lookupCalls.tariffGroupList, {}, { signal }),
    ...options,
  });
  const error =
    companies.error ?? airports.error ?? templates.error ?? rates.error ?? tariffGroups.error ?? null;
  if (!companies.data || !airports.data || !templates.data || !rates.data || !tariffGroups.data) {
    return { lookups: undefined, error };
  }
  return {
    lookups: {
      companies: companies.data.items,
      airports: [...airports.data.items].sort(
        (a, b) => Number(b.isMain) - Number(a.isMain) || a.code.localeCompare(b.code),
      ),
      templates: templates.data.items,
      rates: rates.data.items,
      tariffGroups: tariffGroups.data.items,
    },
    error,
  };
}

/** The seat map of a template, to copy into a flight (spec 03 §2: template settings). */
export function useTemplateSections(id: number | null) {
  const { client } = useServices();
  return useQuery({
    queryKey: ['lookup', 'aircraftTemplate', id],
    queryFn: ({ signal }): Promise<AircraftTemplate> =>
      client.call(aircraftTemplateCalls.get, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
    staleTime: LOOKUP_STALE_MS,
  });
}
