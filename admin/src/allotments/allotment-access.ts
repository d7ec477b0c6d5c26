import { type AccessUser, satisfies } from '@flybook/domain';
import { ALLOTMENT_ROLE } from '@flybook/schemas';

/** What a user may do on the allotment pages (spec 03 §6 Allotment pages, Allotment invoice). */
export interface AllotmentAccess {
  /** ROLE_ALLOTMENT_LIST: every agent's allotments and invoices, the agent filter and any agent's balance. */
  fullList: boolean;
  /** ROLE_ALLOTMENT_INVOICE_EDIT: create, edit and delete invoices. */
  invoiceEdit: boolean;
  /** The invoice PDF: ROLE_ALLOTMENT_INVOICE_READ, or the agent's own list. */
  invoicePdf: boolean;
  /** The balance panel: ROLE_ALLOTMENT_INVOICE_READ with either list role. */
  balance: boolean;
  /** ROLE_ALLOTMENT_INVOICE_PAY: take a payment (the payment page has its own route rule too). */
  pay: boolean;
}

export function allotmentAccess(user: AccessUser): AllotmentAccess {
  const has = (role: string) => satisfies(user.roles, role);
  const fullList = has(ALLOTMENT_ROLE.list);
  const ownList = has(ALLOTMENT_ROLE.agentList);
  const invoiceRead = has(ALLOTMENT_ROLE.invoiceRead);
  return {
    fullList,
    invoiceEdit: has(ALLOTMENT_ROLE.invoiceEdit),
    invoicePdf: invoiceRead || ownList,
    balance: invoiceRead && (fullList || ownList),
    pay: has(ALLOTMENT_ROLE.invoicePay),
  };
}
