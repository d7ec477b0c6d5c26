import { balanceLogCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resources of the ledger section: the full balance log and the caller's own. */
export const BALANCE_LOG = 'balanceLog';
export const OWN_BALANCE_LOG = 'ownBalanceLog';

registerResources({
  [BALANCE_LOG]: { list: balanceLogCalls.list },
  [OWN_BALANCE_LOG]: { list: balanceLogCalls.ownList },
});
