/**
 * The trip a booking is for (spec 02 §2 travel dates, §5 validation, §8 booking URL messages): one
 * model for the home page's search and the wizard's first step, and the reading of the search
 * parameters a booking may be opened with. Plain TypeScript: the home page's script budget has no
 * room for zod.
 */

import {
  DEFAULT_TRIP,
  MAX_PASSENGERS,
  TRAVEL_TYPES,
  type TravelType,
  type TripSearch,
} from '@flybook/domain/trips';

export {
  DEFAULT_FROM,
  DEFAULT_TO,
  DEFAULT_TRIP,
  MAX_PASSENGERS,
  TRAVEL_TYPES,
  type TravelType,
  type TripProblem,
  type TripSearch,
  tripProblems,
} from '@flybook/domain/trips';

/** The booking's search parameters (spec 02 §2), as the home page and the wizard write them. */
export function tripParams(trip: TripSearch): URLSearchParams {
  const params = new URLSearchParams({ travelType: trip.travelType });
  if (trip.departureDate) params.set('departureDate', trip.departureDate);
  if (trip.travelType !== 'one-way' && trip.returnDate) params.set('returnDate', trip.returnDate);
  if (trip.airportFrom) params.set('airportFrom', trip.airportFrom);
  if (trip.airportTo) params.set('airportTo', trip.airportTo);
  if (trip.travelType === 'other-return') {
    if (trip.otherAirportFrom) params.set('otherAirportFrom', trip.otherAirportFrom);
    if (trip.otherAirportTo) params.set('otherAirportTo', trip.otherAirportTo);
  }
  params.set('adult', String(trip.adult));
  params.set('child', String(trip.child));
  params.set('infant', String(trip.infant));
  return params;
}

/** Destination codes per origin code, of airports with bookable flights. */
export type RouteMap = Map<string, string[]>;

/** A destination the chosen origin does not serve is cleared, never silently kept. */
export function withServedAirports(trip: TripSearch, routes: RouteMap | null): TripSearch {
  if (!routes) return trip;
  const served = (origin: string, destination: string) =>
    (routes.get(origin) ?? []).includes(destination) ? destination : '';
  return {
    ...trip,
    airportFrom: routes.has(trip.airportFrom) ? trip.airportFrom : '',
    airportTo: served(trip.airportFrom, trip.airportTo),
    otherAirportFrom: routes.has(trip.otherAirportFrom) ? trip.otherAirportFrom : '',
    otherAirportTo: served(trip.otherAirportFrom, trip.otherAirportTo),
  };
}

// ---------- the booking's URL parameters (spec 02 §5, §8) ----------

/** A flight and tariff chosen through the address (the flights page links with departureFlightId). */
export interface ChosenByAddress {
  departureFlightId?: number;
  departureTariffId?: number;
  returnFlightId?: number;
  returnTariffId?: number;
}

/** One message of spec 02 §8 "Booking URL messages", by kind, with what it names. */
export type UrlProblem =
  | { kind: 'required'; field: string }
  | { kind: 'notAllowed'; field: string }
  | { kind: 'invalid'; field: string; format: string }
  | { kind: 'notFound'; field: string; value: string }
  | { kind: 'noFlights' };

/** The spec's English texts; the catalogue has them under `booking.url.<kind>` in every language. */
export const URL_MESSAGES: Record<UrlProblem['kind'], string> = {
  required: 'The "{{fieldName}}" query parameter is required',
  notAllowed: 'The "{{fieldName}}" query parameter is not allowed',
  invalid: 'Invalid query parameter "{{fieldName}}". Use value like: {{validFormat}}',
  notFound: 'Element with query "{{fieldName}}={{value}}" not found. Choose a different value.',
  noFlights: 'There are no available flights for search.',
};

/** A URL problem in words: the message of its kind with the field, format and value filled in. */
export function urlProblemText(
  problem: UrlProblem,
  messages: Record<UrlProblem['kind'], string> = URL_MESSAGES,
) {
  const values: Record<string, string> = {
    fieldName: 'field' in problem ? problem.field : '',
    validFormat: problem.kind === 'invalid' ? problem.format : '',
    value: problem.kind === 'notFound' ? problem.value : '',
  };
  return messages[problem.kind].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists: `2026-02-30` and `2026-13-45` do not (the latter is no Date at all). */
const isRealDate = (text: string) => {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};
const AIRPORT = /^[A-Z]{3}$/;
const ID = /^[1-9]\d{0,9}$/;
const COUNT = /^\d$/;

/** What the address says, checked: the trip (defaults where it is silent), chosen flights, problems. */
export interface AddressReading {
  trip: TripSearch;
  chosen: ChosenByAddress;
  problems: UrlProblem[];
  /** The address said anything about the trip at all. */
  given: boolean;
}

/**
 * Reads the booking's search parameters. On the travel-dates step everything is optional; the
 * flight steps need the trip (`needTrip`). Airport codes are checked against `airports` when known.
 * Counts default to one adult. A problem sends the visitor to travel dates with the parameters kept.
 */
export function readAddress(
  query: URLSearchParams,
  { needTrip, airports }: { needTrip: boolean; airports?: ReadonlySet<string> | null },
): AddressReading {
  const problems: UrlProblem[] = [];
  const trip: TripSearch = { ...DEFAULT_TRIP };
  const text = (field: string) => query.get(field)?.trim() ?? '';
  const given = [...query.keys()].length > 0;

  const travelType = text('travelType');
  if (travelType) {
    if ((TRAVEL_TYPES as readonly string[]).includes(travelType)) trip.travelType = travelType as TravelType;
    else problems.push({ kind: 'invalid', field: 'travelType', format: TRAVEL_TYPES.join(', ') });
  } else if (needTrip) problems.push({ kind: 'required', field: 'travelType' });

  const date = (field: 'departureDate' | 'returnDate', required: boolean) => {
    const value = text(field);
    if (!value) {
      if (required) problems.push({ kind: 'required', field });
      return;
    }
    if (!isRealDate(value)) problems.push({ kind: 'invalid', field, format: '2026-12-24' });
    else trip[field] = value;
  };
  date('departureDate', needTrip);
  if (trip.travelType === 'one-way') {
    if (text('returnDate')) problems.push({ kind: 'notAllowed', field: 'returnDate' });
  } else {
    date('returnDate', needTrip);
    // A return before the departure finds no return flight; name it here rather than let the
    // server refuse the booking at the end (ERROR_BOOKED_FLIGHT_SORTING_WRONG). The date stays in
    // the trip so the travel-dates form shows it with its own field message.
    if (trip.returnDate && trip.departureDate && trip.returnDate < trip.departureDate)
      problems.push({ kind: 'invalid', field: 'returnDate', format: trip.departureDate });
  }

  const airport = (
    field: 'airportFrom' | 'airportTo' | 'otherAirportFrom' | 'otherAirportTo',
    required: boolean,
  ) => {
    const value = text(field).toUpperCase();
    if (!value) {
      if (required) problems.push({ kind: 'required', field });
      return;
    }
    if (!AIRPORT.test(value)) problems.push({ kind: 'invalid', field, format: 'ZRH' });
    else if (airports && !airports.has(value)) problems.push({ kind: 'notFound', field, value });
    else trip[field] = value;
  };
  airport('airportFrom', needTrip);
  airport('airportTo', needTrip);
  if (trip.travelType === 'other-return') {
    airport('otherAirportFrom', needTrip);
    airport('otherAirportTo', needTrip);
  } else {
    for (const field of ['otherAirportFrom', 'otherAirportTo'] as const)
      if (text(field)) problems.push({ kind: 'notAllowed', field });
  }

  const counts = (['adult', 'child', 'infant'] as const).filter((field) => text(field) !== '');
  for (const field of counts) {
    const value = text(field);
    if (!COUNT.test(value)) problems.push({ kind: 'invalid', field, format: '1' });
    else trip[field] = Number(value);
  }
  // No counts at all means one adult (spec 02 §5); given counts are taken as they are.
  if (counts.length > 0 && !counts.includes('adult')) trip.adult = 0;
  if (trip.adult + trip.child + trip.infant === 0)
    problems.push({ kind: 'invalid', field: 'adult', format: '1' });
  if (trip.infant > trip.adult)
    problems.push({ kind: 'invalid', field: 'infant', format: String(trip.adult) });
  if (trip.adult + trip.child + trip.infant > MAX_PASSENGERS)
    problems.push({
      kind: 'invalid',
      field: 'adult',
      format: String(MAX_PASSENGERS - trip.child - trip.infant),
    });

  const chosen: ChosenByAddress = {};
  for (const field of [
    'departureFlightId',
    'departureTariffId',
    'returnFlightId',
    'returnTariffId',
  ] as const) {
    const value = text(field);
    if (!value) continue;
    if (!ID.test(value)) problems.push({ kind: 'invalid', field, format: '12' });
    else chosen[field] = Number(value);
  }
  if (trip.travelType === 'one-way') {
    for (const field of ['returnFlightId', 'returnTariffId'] as const)
      if (chosen[field] !== undefined) problems.push({ kind: 'notAllowed', field });
  }
  return { trip, chosen, problems, given };
}

/**
 * The whole booking address: the trip and the flights chosen through it, as `readAddress` reads
 * them back (the flights page links a flight this way). Return flight ids are left out on one way,
 * where the address may not carry them.
 */
export function addressParams(trip: TripSearch, chosen: ChosenByAddress = {}): URLSearchParams {
  const params = tripParams(trip);
  if (chosen.departureFlightId !== undefined)
    params.set('departureFlightId', String(chosen.departureFlightId));
  if (chosen.departureTariffId !== undefined)
    params.set('departureTariffId', String(chosen.departureTariffId));
  if (trip.travelType !== 'one-way') {
    if (chosen.returnFlightId !== undefined) params.set('returnFlightId', String(chosen.returnFlightId));
    if (chosen.returnTariffId !== undefined) params.set('returnTariffId', String(chosen.returnTariffId));
  }
  return params;
}
