import { takesSeat } from './inventory.ts';
import { addMoney, percentOfMoney, type Rappen, sumMoney, toRappen } from './money.ts';

/** Passenger age types (spec 02 §3); infants fly on an adult's lap. */
export const AGE_TYPES = ['adult', 'child', 'infant'] as const;
export type AgeType = (typeof AGE_TYPES)[number];

/** The prices of one tariff in a flight's rate; money in Rappen, percentages of the adult fare. */
export interface TariffPrice {
  /** One-way adult fare. */
  priceStandard: Rappen;
  /** Adult fare per direction when the outbound and the return flight are booked together. */
  priceRound: Rappen;
  priceChildPercent: number;
  priceInfantPercent: number;
  airportFee: Rappen;
  fuelFee: Rappen;
}

/** One booked flight of a reservation: its tariff's prices. */
export interface PricingFlight {
  flightId: number;
  price: TariffPrice;
}

/** One passenger: age type, the seat taken on each flight (its price) and the options per flight. */
export interface PricingPassenger {
  ageType: AgeType;
  /** Seat price per flight id, for the flights where the passenger chose a seat. */
  seatPrices?: ReadonlyMap<number, Rappen>;
  /** Option prices per flight id. */
  optionPrices?: ReadonlyMap<number, readonly { optionId: number; price: Rappen }[]>;
}

export interface FlightCost {
  flightId: number;
  /** The fare: the adult fare, or the child or infant percentage of it. */
  base: Rappen;
  airportFee: Rappen;
  fuelFee: Rappen;
  seat: Rappen;
  optionsCosts: { optionId: number; price: Rappen }[];
  total: Rappen;
}

export interface PassengerCost {
  ageType: AgeType;
  flightsCosts: FlightCost[];
  total: Rappen;
}

export interface ReservationCost {
  costForPassengers: PassengerCost[];
  total: Rappen;
}

/** The fare of one direction: the round-trip fare when both directions are booked together. */
export function adultFare(price: TariffPrice, isRoundTrip: boolean): Rappen {
  return isRoundTrip ? price.priceRound : price.priceStandard;
}

/** A tariff's prices as the flight lists carry them on the wire: CHF amounts. */
export interface ListedTariffPrice {
  priceStandard: number;
  priceRound: number;
  airportFee: number;
  fuelFee: number;
}

/**
 * What one adult pays for a tariff on a flight, fees included, as the booking forms show it next
 * to each tariff: the round fare on return trips, else the standard fare, plus airport and fuel fee.
 */
export function adultPriceWithFees(entry: ListedTariffPrice, isRoundTrip: boolean): Rappen {
  const fare = isRoundTrip ? entry.priceRound : entry.priceStandard;
  return addMoney(toRappen(fare), toRappen(entry.airportFee), toRappen(entry.fuelFee));
}

/**
 * The one pricing function (DESIGN §4): calculate, reservation create/update and the invoice all
 * price through it, so they never differ. Rules (docs/pricing.md):
 * - two booked flights are a round trip and each direction costs the round fare, else the standard;
 * - a child pays the child percentage of the adult fare, an infant the infant percentage;
 * - adults and children pay the airport and fuel fees of each flight; infants, flying on a lap
 *   without a seat, pay neither and never a seat price;
 * - a chosen seat costs its price on the seat map; each option its price per flight;
 * - percentages round half away from zero to the Rappen, per passenger and flight.
 */
export function priceReservation(
  flights: readonly PricingFlight[],
  passengers: readonly PricingPassenger[],
): ReservationCost {
  const isRoundTrip = flights.length === 2;
  const costForPassengers = passengers.map((passenger): PassengerCost => {
    const flightsCosts = flights.map(({ flightId, price }): FlightCost => {
      const fare = adultFare(price, isRoundTrip);
      const seated = takesSeat(passenger.ageType);
      const base =
        passenger.ageType === 'adult'
          ? fare
          : percentOfMoney(
              fare,
              passenger.ageType === 'child' ? price.priceChildPercent : price.priceInfantPercent,
            );
      const airportFee = seated ? price.airportFee : 0;
      const fuelFee = seated ? price.fuelFee : 0;
      const seat = seated ? (passenger.seatPrices?.get(flightId) ?? 0) : 0;
      const optionsCosts = [...(passenger.optionPrices?.get(flightId) ?? [])];
      const total = sumMoney([
        base,
        airportFee,
        fuelFee,
        seat,
        ...optionsCosts.map((option) => option.price),
      ]);
      return { flightId, base, airportFee, fuelFee, seat, optionsCosts, total };
    });
    return {
      ageType: passenger.ageType,
      flightsCosts,
      total: sumMoney(flightsCosts.map((cost) => cost.total)),
    };
  });
  return { costForPassengers, total: sumMoney(costForPassengers.map((cost) => cost.total)) };
}
