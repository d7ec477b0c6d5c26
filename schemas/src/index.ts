import { agentCalls } from './agents.ts';
import { allotmentCalls } from './allotments.ts';
import { authCalls } from './auth.ts';
import { bookingCalls } from './booking.ts';
import { checkInCalls } from './check-in.ts';
import { customerCalls } from './customers.ts';
import { entityLogCalls } from './entity-log.ts';
import { aircraftTemplateCalls, flightCalls, flightCompanyCalls } from './flights.ts';
import type { ApiCall } from './http.ts';
import { accountCalls, balanceLogCalls } from './ledger.ts';
import { lookupCalls } from './lookups.ts';
import { manageCalls } from './manage.ts';
import { managerCalls } from './managers.ts';
import { messageCalls } from './messages.ts';
import { passengerCalls } from './passengers.ts';
import { paymentCalls } from './payments.ts';
import { optionCalls, rateCalls } from './rates.ts';
import { reservationDocumentCalls } from './reservation-documents.ts';
import { reservationListCalls } from './reservation-lists.ts';
import { reservationCalls } from './reservations.ts';
import { userCalls } from './users.ts';

export * from './agents.ts';
export * from './allotments.ts';
export * from './auth.ts';
export * from './booking.ts';
export * from './check-in.ts';
export * from './common.ts';
export * from './customers.ts';
export * from './entity-log.ts';
export * from './errors.ts';
export * from './fares.ts';
export * from './flights.ts';
export * from './http.ts';
export * from './ledger.ts';
export * from './lookups.ts';
export * from './manage.ts';
export * from './managers.ts';
export * from './messages.ts';
export * from './passengers.ts';
export * from './payments.ts';
export * from './query.ts';
export * from './rates.ts';
export * from './reservation-documents.ts';
export * from './reservation-lists.ts';
export * from './reservations.ts';
export * from './user-fields.ts';
export * from './users.ts';
export * from './validation.ts';

/** Every call of the API by area; the server registers these and OpenAPI is generated from them. */
export const api = {
  auth: authCalls,
  user: userCalls,
  agent: agentCalls,
  customer: customerCalls,
  manager: managerCalls,
  account: accountCalls,
  lookup: lookupCalls,
  entityLog: entityLogCalls,
  flight: flightCalls,
  passenger: passengerCalls,
  flightCompany: flightCompanyCalls,
  aircraftTemplate: aircraftTemplateCalls,
  rate: rateCalls,
  option: optionCalls,
  booking: bookingCalls,
  reservation: reservationCalls,
  reservationDocument: reservationDocumentCalls,
  reservationList: reservationListCalls,
  manage: manageCalls,
  checkIn: checkInCalls,
  payment: paymentCalls,
  balanceLog: balanceLogCalls,
  allotment: allotmentCalls,
  message: messageCalls,
} as const;

export const API_VERSION = 'v1';

/** All calls as a flat list. */
export const allCalls = (): ApiCall[] =>
  Object.values(api).flatMap((area) => Object.values(area as Record<string, ApiCall>));

/**
 * Every call with its name in `api`, area and call joined in camel case (`api.reservationList.list`
 * is `reservationListList`): the stable `operationId` of the OpenAPI document.
 */
export const namedCalls = (): { name: string; call: ApiCall }[] =>
  Object.entries(api).flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, ApiCall>).map(([name, call]) => ({
      name: `${area}${name.charAt(0).toUpperCase()}${name.slice(1)}`,
      call,
    })),
  );
