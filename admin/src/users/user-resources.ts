import { agentCalls, customerCalls, managerCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resources of the users section: agents, customers and managers (employees). */
export const AGENTS = 'agents';
export const CUSTOMERS = 'customers';
export const MANAGERS = 'managers';

/** Each kind's list, one, create and update calls are the same five-call set (schemas). */
const resourceOf = (calls: typeof agentCalls | typeof customerCalls | typeof managerCalls) => ({
  list: calls.list,
  one: calls.get,
  create: calls.create,
  update: calls.update,
});

registerResources({
  [AGENTS]: resourceOf(agentCalls),
  [CUSTOMERS]: resourceOf(customerCalls),
  [MANAGERS]: resourceOf(managerCalls),
});
