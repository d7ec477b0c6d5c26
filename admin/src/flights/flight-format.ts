import { airportLocalTime } from '@flybook/domain';

interface FlightTimes {
  departure: string;
  arrival: string;
  origin: { code: string; timezone: string };
  destination: { code: string; timezone: string };
}

/** Departure at the origin's and arrival at the destination's local time: how airlines print times. */
export function flightLocalTimes(flight: FlightTimes) {
  return {
    departure: airportLocalTime(flight.departure, flight.origin.timezone),
    arrival: airportLocalTime(flight.arrival, flight.destination.timezone),
  };
}

/** "ZRH → PRN". */
export const flightRoute = (flight: Pick<FlightTimes, 'origin' | 'destination'>) =>
  `${flight.origin.code} → ${flight.destination.code}`;
