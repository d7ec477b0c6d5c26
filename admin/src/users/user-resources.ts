import { agentCalls, customerCalls, managerCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resources of the users section: agents, customers and managers (employees). */
export const AGENTS = 'agents';
export const CUSTOMERS = 'customers';
export const MANAGERS = 'managers';

registerResources({
  [AGENTS]: {
    list: agentCalls.list,
    one: agentCalls.get,
    create: agentCalls.create,
    update: agentCalls.update,
  },
  [CUSTOMERS]: {
    list: customerCalls.list,
    one: customerCalls.get,
    create: customerCalls.create,
    update: customerCalls.update,
  },
  [MANAGERS]: {
    list: managerCalls.list,
    one: managerCalls.get,
    create: managerCalls.create,
    update: managerCalls.update,
  },
});
