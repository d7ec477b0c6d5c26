import { describe, expect, it } from 'vitest';
import { availableOnAccount } from './ledger.ts';
import {
  accountPaymentRefusal,
  cardPaymentSplit,
  fitsOnAccount,
  invoiceBalanceOf,
  invoiceStatusOf,
  isInvoiceSettled,
  isPastPaymentWindow,
  mayChargeOwnerAccount,
  mayStartCardPayment,
  outstandingOf,
  overpaidOf,
  paymentAmountProblem,
  paymentMethodAccess,
  paymentRefusalOf,
  withheldOf,
} from './payments.ts';

const now = new Date('2031-03-01T12:00:00Z');
const invoice = (total: number, totalPaid: number) => ({
  total,
  totalPaid,
  status: invoiceStatusOf(total, totalPaid),
});

describe('invoiceStatusOf', () => {
  it('reads the payment state from total and paid', () => {
    expect([
      invoiceStatusOf(100, 0),
      invoiceStatusOf(100, 40),
      invoiceStatusOf(100, 100),
      invoiceStatusOf(100, 120),
    ]).toEqual(['notPaid', 'partly', 'paid', 'overpaid']);
    expect(invoiceStatusOf(0, 0)).toBe('paid');
  });
});

describe('outstanding, overpaid and balance', () => {
  it('are exact in Rappen and never negative where they say what is open or too much', () => {
    // 0.1 + 0.2 in CHF floats is 0.30000000000000004; in Rappen the rest is exactly 1.
    expect(outstandingOf({ total: 30, totalPaid: 29 })).toBe(1);
    expect(outstandingOf({ total: 97_200, totalPaid: 120_000 })).toBe(0);
    expect(overpaidOf({ total: 97_200, totalPaid: 120_000 })).toBe(22_800);
    expect(overpaidOf({ total: 97_200, totalPaid: 50_000 })).toBe(0);
    expect(invoiceBalanceOf({ total: 97_200, totalPaid: 120_000 })).toBe(-22_800);
    expect(invoiceBalanceOf({ total: 97_200, totalPaid: 50_000 })).toBe(47_200);
  });
  it('refuses amounts that are not whole Rappen', () => {
    expect(() => outstandingOf({ total: 0.3, totalPaid: 0.1 })).toThrow();
  });
});

describe('settled and payable', () => {
  it('takes payments until paid, not on an expired reservation nor a cancelled one without an open fee', () => {
    const open = { status: 'reserved', expiresAt: null };
    expect(isInvoiceSettled(invoice(100, 100))).toBe(true);
    expect(isInvoiceSettled(invoice(100, 120))).toBe(true);
    expect(isInvoiceSettled(invoice(100, 99))).toBe(false);
    expect(paymentRefusalOf(open, invoice(100, 40), now)).toBeNull();
    expect(paymentRefusalOf(open, invoice(100, 100), now)).toBe('ERROR_INVOICE_ALREADY_PAID');
    expect(paymentRefusalOf(open, invoice(100, 130), now)).toBe('ERROR_INVOICE_ALREADY_PAID');
    // A cancelled reservation takes payments only for its open cancellation fee.
    const cancelled = { status: 'cancelled', expiresAt: null };
    expect(paymentRefusalOf(cancelled, invoice(100, 100), now)).toBe('ERROR_RESERVATION_CANCELLED');
    expect(paymentRefusalOf(cancelled, invoice(0, 0), now)).toBe('ERROR_RESERVATION_CANCELLED');
    expect(paymentRefusalOf(cancelled, invoice(100, 40), now)).toBeNull();
    const expired = { status: 'created', expiresAt: new Date('2031-03-01T11:59:59Z') };
    expect(isPastPaymentWindow(expired, now)).toBe(true);
    expect(paymentRefusalOf(expired, invoice(100, 0), now)).toBe('ERROR_RESERVATION_EXPIRED');
    const waiting = { status: 'created', expiresAt: new Date('2031-03-01T12:00:01Z') };
    expect(paymentRefusalOf(waiting, invoice(100, 0), now)).toBeNull();
  });

  it('checks the amount against what is open and the partial right', () => {
    expect(paymentAmountProblem(101, 100, true)).toBe('ERROR_PAYMENT_AMOUNT_TOO_BIG');
    expect(paymentAmountProblem(50, 100, false)).toBe('ERROR_PAYMENT_PARTIAL_NOT_ALLOWED');
    expect(paymentAmountProblem(50, 100, true)).toBeNull();
    expect(paymentAmountProblem(100, 100, false)).toBeNull();
  });
});

describe('withheldOf', () => {
  it('sums what is unpaid on the other card bookings waiting for payment', () => {
    const reservations = [
      { id: 1, status: 'created', invoice: { total: 10_000, totalPaid: 2_500 } },
      { id: 2, status: 'created', invoice: { total: 5_000, totalPaid: 0 } },
      { id: 3, status: 'reserved', invoice: { total: 7_000, totalPaid: 0 } },
      { id: 4, status: 'created', invoice: { total: 1_000, totalPaid: 1_500 } },
    ];
    expect(withheldOf(reservations, 2)).toBe(7_500);
    expect(withheldOf(reservations, 99)).toBe(12_500);
  });
});

describe('payment methods by role', () => {
  it('gives each method by its role and the card to owners and reservators', () => {
    const roles = ['ROLE_RESERVATION_INVOICE_ADD_PAYMENT_TYPE_ACCOUNT', 'ROLE_PAYMENT_DATATRANS'];
    expect(paymentMethodAccess(roles)).toEqual({
      partial: false,
      account: true,
      cash: false,
      bank: false,
      transfer: false,
      datatrans: true,
    });
    expect(mayStartCardPayment([], { isOwner: true, isReservator: false })).toBe(true);
    expect(mayStartCardPayment([], { isOwner: false, isReservator: false })).toBe(false);
    expect(mayStartCardPayment(['ROLE_PAYMENT_DATATRANS'], { isOwner: false, isReservator: false })).toBe(
      true,
    );
  });
});

describe('cardPaymentSplit', () => {
  it('keeps what the invoice still needs and gives the rest back', () => {
    expect(cardPaymentSplit({ total: 97_200, totalPaid: 0 }, 97_200)).toEqual({ kept: 97_200, excess: 0 });
    expect(cardPaymentSplit({ total: 97_200, totalPaid: 97_200 }, 97_200)).toEqual({
      kept: 0,
      excess: 97_200,
    });
    expect(cardPaymentSplit({ total: 97_200, totalPaid: 50_000 }, 97_200)).toEqual({
      kept: 47_200,
      excess: 50_000,
    });
  });
});

describe('how a reservation is charged to its owner’s account', () => {
  const owner = { isStaff: false, isOwner: true };
  it('lets staff or the owner spend it, nobody else', () => {
    expect(mayChargeOwnerAccount(owner)).toBe(true);
    expect(mayChargeOwnerAccount({ isStaff: true, isOwner: false })).toBe(true);
    expect(mayChargeOwnerAccount({ isStaff: false, isOwner: false })).toBe(false);
    // an agent who reserved for someone else: not theirs, whatever the account holds
    expect(accountPaymentRefusal({ isStaff: false, isOwner: false }, { available: 100_000 }, 100)).toBe(
      'notTheirs',
    );
  });

  it('needs an owner with an account, and an amount that fits in what it may still pay', () => {
    expect(accountPaymentRefusal(owner, null, 100)).toBe('noAccount');
    expect(accountPaymentRefusal(owner, { available: 17_710 }, 17_710)).toBeNull();
    expect(accountPaymentRefusal(owner, { available: 17_709 }, 17_710)).toBe('notEnoughMoney');
    // balance 100.00 + credit 500.00 − 250.00 withheld by a card booking waiting for payment
    const available = availableOnAccount(10_000, 50_000, 25_000);
    expect(accountPaymentRefusal(owner, { available }, 35_000)).toBeNull();
    expect(accountPaymentRefusal(owner, { available }, 35_001)).toBe('notEnoughMoney');
    expect(fitsOnAccount(0, 0)).toBe(true);
  });
});
