/**
 * The trip a booking is for (spec 02 §2 travel dates, §5): one model and one set of checks for the
 * public site's search and booking wizard and the back office's reservation wizard. Plain
 * TypeScript without dependencies: the home page's script budget has no room for more.
 */

export const TRAVEL_TYPES = ['return', 'one-way', 'other-return'] as const;
export type TravelType = (typeof TRAVEL_TYPES)[number];

/** At most nine passengers per booking (spec 02 §9, the API's MAX_PASSENGERS). */
export const MAX_PASSENGERS = 9;
/**
 * Seats one booking on the public site may take: the online limit a new flight gets (spec 03 §9,
 * `DEFAULT_ONLINE_SEATS_LIMIT`). Infants fly on a lap and take none. Larger groups book through an
 * office or travel agency (docs/booking.md, Group size online).
 */
export const ONLINE_SEATS_PER_BOOKING = 7;
/** Spec 02 §2 and §9: a booking starts at Zurich → Prishtina, return, one adult. */
export const DEFAULT_FROM = 'ZRH';
export const DEFAULT_TO = 'PRN';

export interface TripSearch {
  travelType: TravelType;
  airportFrom: string;
  airportTo: string;
  /** other-return: where the return flight leaves from and goes to. */
  otherAirportFrom: string;
  otherAirportTo: string;
  departureDate: string;
  returnDate: string;
  adult: number;
  child: number;
  infant: number;
}

export const DEFAULT_TRIP: TripSearch = Object.freeze({
  travelType: 'return',
  airportFrom: DEFAULT_FROM,
  airportTo: DEFAULT_TO,
  otherAirportFrom: '',
  otherAirportTo: '',
  departureDate: '',
  returnDate: '',
  adult: 1,
  child: 0,
  infant: 0,
});

/** A problem of the travel-dates form, by the catalogue key of its message. */
export type TripProblem =
  | 'required'
  | 'returnBeforeDeparture'
  | 'tooManyInfants'
  | 'tooManyPassengers'
  | 'tooManySeatsOnline';

/**
 * Field problems of a trip (spec 02 §5 Travel dates), keyed by field. `online`: the public site's
 * search, where one booking takes at most ONLINE_SEATS_PER_BOOKING seats.
 */
export function tripProblems(
  trip: TripSearch,
  options: { online?: boolean } = {},
): Partial<Record<keyof TripSearch, TripProblem>> {
  const problems: Partial<Record<keyof TripSearch, TripProblem>> = {};
  if (!trip.airportFrom) problems.airportFrom = 'required';
  if (!trip.airportTo) problems.airportTo = 'required';
  if (!trip.departureDate) problems.departureDate = 'required';
  if (trip.travelType !== 'one-way') {
    if (!trip.returnDate) problems.returnDate = 'required';
    else if (trip.departureDate && trip.returnDate < trip.departureDate)
      problems.returnDate = 'returnBeforeDeparture';
  }
  if (trip.travelType === 'other-return') {
    if (!trip.otherAirportFrom) problems.otherAirportFrom = 'required';
    if (!trip.otherAirportTo) problems.otherAirportTo = 'required';
  }
  if (trip.infant > trip.adult) problems.infant = 'tooManyInfants';
  if (trip.adult + trip.child + trip.infant > MAX_PASSENGERS) problems.adult = 'tooManyPassengers';
  else if (options.online && trip.adult + trip.child > ONLINE_SEATS_PER_BOOKING)
    problems.adult = 'tooManySeatsOnline';
  return problems;
}
