import { type RoleSet, satisfies } from '@flybook/domain';
import { type ApiCall, flightCalls, passengerCalls } from '@flybook/schemas';

/**
 * What the user may do on the passenger list, by the roles the API requires for each call
 * (schemas/src/passengers.ts; spec 03 §6): the page offers an action only when the server would
 * accept it.
 */
export function passengerListPermissions(roles: RoleSet) {
  const may = (call: ApiCall) => call.roles === undefined || satisfies(roles, call.roles);
  return {
    /** ROLE_FLIGHT_PASSENGER_MARKING: appearing marks and the notified mark. */
    marking: may(passengerCalls.setAppearing),
    /** ROLE_FLIGHT_PASSENGER_MARKING too: the gate's boarding pass scan marks appeared. */
    scan: may(passengerCalls.scan),
    /** ROLE_FLIGHT_PASSENGER_LIST_BULK_ACTIONS with marking: the select column and bulk marks. */
    bulk: may(passengerCalls.setAppearingList),
    seat: may(passengerCalls.setSeat),
    sendPnl: may(passengerCalls.sendPnl),
    /** ROLE_FLIGHT_DELAYED. */
    delay: may(flightCalls.delay),
    /** ROLE_FLIGHT_STATUS (departed). */
    status: may(flightCalls.setStatus),
    passengerReport: may(flightCalls.passengerReport),
    bookingInfo: may(flightCalls.bookingInfo),
    passengersInfo: may(flightCalls.passengersInfo),
  };
}
export type PassengerListPermissions = ReturnType<typeof passengerListPermissions>;
