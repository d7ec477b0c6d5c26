import { flightCompanyCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resource of the airline companies. */
export const FLIGHT_COMPANIES = 'flightCompanies';

registerResources({
  [FLIGHT_COMPANIES]: {
    list: flightCompanyCalls.list,
    one: flightCompanyCalls.get,
    create: flightCompanyCalls.create,
    update: flightCompanyCalls.update,
    remove: flightCompanyCalls.remove,
  },
});
