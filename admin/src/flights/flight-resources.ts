import { flightCalls, flightCompanyCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resource of the airline companies. */
export const FLIGHT_COMPANIES = 'flightCompanies';
/** The Refine resource of the flights (list, read, create, update). */
export const FLIGHTS = 'flights';

registerResources({
  [FLIGHT_COMPANIES]: {
    list: flightCompanyCalls.list,
    one: flightCompanyCalls.get,
    create: flightCompanyCalls.create,
    update: flightCompanyCalls.update,
    remove: flightCompanyCalls.remove,
  },
  [FLIGHTS]: {
    list: flightCalls.list,
    one: flightCalls.get,
    create: flightCalls.create,
    update: flightCalls.update,
  },
});
