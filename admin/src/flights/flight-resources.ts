import { aircraftTemplateCalls, flightCalls, flightCompanyCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resource of the airline companies. */
export const FLIGHT_COMPANIES = 'flightCompanies';
/** The Refine resource of the flights (list, read, create, update). */
export const FLIGHTS = 'flights';
/**
 * The Refine resource of the aircraft seat-map templates (read, create, update, delete). Their list
 * is one unpaged answer, read by the list page itself.
 */
export const AIRCRAFT_TEMPLATES = 'aircraftTemplates';

registerResources({
  [FLIGHT_COMPANIES]: {
    list: flightCompanyCalls.list,
    one: flightCompanyCalls.get,
    create: flightCompanyCalls.create,
    update: flightCompanyCalls.update,
    remove: flightCompanyCalls.remove,
  },
  [AIRCRAFT_TEMPLATES]: {
    one: aircraftTemplateCalls.get,
    create: aircraftTemplateCalls.create,
    update: aircraftTemplateCalls.update,
    remove: aircraftTemplateCalls.remove,
  },
  [FLIGHTS]: {
    list: flightCalls.list,
    one: flightCalls.get,
    create: flightCalls.create,
    update: flightCalls.update,
  },
});
