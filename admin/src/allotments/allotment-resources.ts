import { allotmentCalls } from '@flybook/schemas';
import { registerResources } from '../app/resources.ts';

/** The Refine resources of the allotment section: each list in full (staff) and the agent's own. */
export const ALLOTMENTS = 'allotments';
export const AGENT_ALLOTMENTS = 'agentAllotments';
export const ALLOTMENT_INVOICES = 'allotmentInvoices';
export const AGENT_ALLOTMENT_INVOICES = 'agentAllotmentInvoices';

registerResources({
  [ALLOTMENTS]: { list: allotmentCalls.list },
  [AGENT_ALLOTMENTS]: { list: allotmentCalls.agentList },
  [ALLOTMENT_INVOICES]: { list: allotmentCalls.invoiceList, one: allotmentCalls.getInvoice },
  [AGENT_ALLOTMENT_INVOICES]: { list: allotmentCalls.agentInvoiceList },
});
