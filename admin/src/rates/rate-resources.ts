import { optionCalls, rateCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resources of the rate section. */
export const RATES = 'rates';
export const OPTIONS = 'options';

registerResources({
  [RATES]: {
    list: rateCalls.list,
    one: rateCalls.get,
    create: rateCalls.create,
    update: rateCalls.update,
    remove: rateCalls.remove,
  },
  [OPTIONS]: {
    list: optionCalls.list,
    one: optionCalls.get,
    create: optionCalls.create,
    update: optionCalls.update,
    remove: optionCalls.remove,
  },
});
