import { airportLocalTime, type PassFlight } from '@flybook/domain';
import type { FlightHead } from './flights.repository.ts';

/** A flight as its boarding passes name it: online check-in writes it, the gate's scan compares it. */
export const passFlightOf = (head: FlightHead): PassFlight => ({
  carrier: head.company.code,
  number: head.flight.number,
  from: head.origin.code,
  to: head.destination.code,
  localDate: airportLocalTime(head.flight.departure, head.origin.timezone).date,
});
