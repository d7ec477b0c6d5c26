import { describe, expect, it } from 'vitest';
import {
  allotmentInvoiceState,
  allotmentPaymentState,
  allotmentsTotal,
  totalWithDiscount,
} from './allotments.ts';

describe('allotment invoices', () => {
  it('charge seats × cost per seat of every allotment, less the discount', () => {
    const total = allotmentsTotal([
      { seatsNumber: 20, costPerSeat: 15_000 },
      { seatsNumber: 3, costPerSeat: 12_345 },
    ]);
    expect(total).toBe(337_035);
    expect(totalWithDiscount({ total, discount: 7_035 })).toBe(330_000);
    expect(allotmentsTotal([])).toBe(0);
  });

  it('are pending until paid in full, then paid, and overpaid beyond it', () => {
    expect(allotmentPaymentState(10_000, 0)).toBe('pending');
    expect(allotmentPaymentState(10_000, 9_999)).toBe('pending');
    expect(allotmentPaymentState(10_000, 10_000)).toBe('paid');
    expect(allotmentPaymentState(10_000, 10_001)).toBe('overpaid');
    // A fully discounted invoice owes nothing.
    expect(allotmentPaymentState(0, 0)).toBe('paid');
  });

  it('are over their deadline from the day after it while pending', () => {
    expect(allotmentInvoiceState('pending', '2031-03-31', '2031-03-31')).toBe('pending');
    expect(allotmentInvoiceState('pending', '2031-03-31', '2031-04-01')).toBe('overDeadline');
    expect(allotmentInvoiceState('paid', '2031-03-31', '2031-04-01')).toBe('paid');
    expect(allotmentInvoiceState('overpaid', '2030-01-01', '2031-04-01')).toBe('overpaid');
  });
});
