import { passengerCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resource of a flight's passenger list; the flight goes in `meta.params.flightId`. */
export const FLIGHT_PASSENGERS = 'flightPassengers';

registerResources({ [FLIGHT_PASSENGERS]: { list: passengerCalls.list } });
