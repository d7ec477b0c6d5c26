import { describe, expect, it } from 'vitest';
import {
  listedReservationFacts,
  type ReservationAction,
  type ReservationActionReason,
  type ReservationFacts,
  reservationActions,
} from './reservation-actions.ts';

const NOW = new Date('2031-03-01T10:00:00Z');

/** An open, unpaid reservation of two passengers on one open flight; `changes` set one fact. */
const facts = (changes: Partial<ReservationFacts> = {}): ReservationFacts => ({
  status: 'reserved',
  expiresAt: null,
  invoice: { status: 'notPaid', total: 50_000, totalPaid: 0 },
  pricesHidden: false,
  passengerCount: 2,
  flights: [{ status: 'created' }],
  hasCreditNote: false,
  ...changes,
});
const PAID = { status: 'paid', total: 50_000, totalPaid: 50_000 } as const;

const STAFF = [
  'ROLE_RESERVATION_READ',
  'ROLE_RESERVATION_LIST',
  'ROLE_RESERVATION_UPDATE',
  'ROLE_RESERVATION_CANCEL',
  'ROLE_RESERVATION_SPLIT',
  'ROLE_RESERVATION_SNAPSHOT_LIST',
  'ROLE_RESERVATION_TICKET_PDF_BEFORE_PAID',
  'ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID',
];
const CUSTOMER: string[] = [];

/** Each action's reasons (empty: allowed). */
function reasonsOf(reservation: ReservationFacts, roles: readonly string[]) {
  const actions = reservationActions(reservation, { roles }, NOW);
  return Object.fromEntries(
    Object.entries(actions).map(([action, verdict]) => {
      expect(verdict.allowed).toBe(verdict.reasons.length === 0);
      expect(verdict.reason).toBe(verdict.reasons[0] ?? null);
      return [action, verdict.reasons];
    }),
  ) as Record<ReservationAction, ReservationActionReason[]>;
}

describe('the actions of a reservation (state × roles)', () => {
  it('lets staff do everything on an open, unpaid reservation but print the credit note it has not', () => {
    expect(reasonsOf(facts(), STAFF)).toEqual({
      edit: [],
      pay: [],
      cancel: [],
      split: [],
      ticketPdf: [],
      invoicePdf: [],
      creditNotePdf: ['noCreditNote'],
      history: [],
    });
  });

  it('lets a customer without roles pay; documents wait for full payment; the rest needs roles', () => {
    expect(reasonsOf(facts(), CUSTOMER)).toEqual({
      edit: ['noRole'],
      pay: [],
      cancel: ['noRole'],
      split: ['noRole'],
      ticketPdf: ['notPaid'],
      invoicePdf: ['notPaid'],
      creditNotePdf: ['noCreditNote'],
      history: ['noRole'],
    });
    expect(reasonsOf(facts({ status: 'confirmed', invoice: PAID }), CUSTOMER)).toMatchObject({
      pay: ['alreadyPaid'],
      ticketPdf: [],
      invoicePdf: [],
    });
  });

  it('refuses a cancelled reservation every change and its ticket, in the order the API checks', () => {
    const cancelled = facts({ status: 'cancelled', invoice: PAID, passengerCount: 1, hasCreditNote: true });
    expect(reasonsOf(cancelled, STAFF)).toEqual({
      edit: ['cancelled'],
      pay: ['cancelled'],
      cancel: ['cancelled'],
      split: ['cancelled', 'onePassenger'],
      ticketPdf: ['cancelled'],
      invoicePdf: [],
      creditNotePdf: [],
      history: [],
    });
    expect(reasonsOf(facts({ status: 'cancelled' }), CUSTOMER).ticketPdf).toEqual(['cancelled', 'notPaid']);
  });

  it('takes the open cancellation fee of a cancelled reservation', () => {
    const feeOpen = facts({
      status: 'cancelled',
      invoice: { status: 'partly', total: 5_000, totalPaid: 1_000 },
    });
    expect(reasonsOf(feeOpen, STAFF).pay).toEqual([]);
  });

  it('takes no payment on a settled invoice, nor once a card booking’s window has closed', () => {
    expect(reasonsOf(facts({ invoice: PAID }), STAFF).pay).toEqual(['alreadyPaid']);
    const overpaid = { status: 'overpaid', total: 50_000, totalPaid: 60_000 } as const;
    expect(reasonsOf(facts({ invoice: overpaid }), STAFF).pay).toEqual(['alreadyPaid']);
    const expired = facts({ status: 'created', expiresAt: new Date('2031-03-01T09:59:00Z') });
    expect(reasonsOf(expired, CUSTOMER).pay).toEqual(['expired']);
    const waiting = facts({ status: 'created', expiresAt: new Date('2031-03-01T10:15:00Z') });
    expect(reasonsOf(waiting, CUSTOMER).pay).toEqual([]);
  });

  it('hides payment, the invoice and the credit note from a reader the prices are hidden from', () => {
    const hidden = facts({ pricesHidden: true, invoice: { status: 'paid' }, hasCreditNote: true });
    expect(reasonsOf(hidden, CUSTOMER)).toMatchObject({
      pay: ['pricesHidden', 'alreadyPaid'],
      ticketPdf: [],
      invoicePdf: ['pricesHidden'],
      creditNotePdf: ['pricesHidden'],
    });
    // amounts left out of the reader's view count as hidden
    expect(reasonsOf(facts({ invoice: { status: 'notPaid' } }), STAFF).pay).toEqual(['pricesHidden']);
  });

  it('cannot split a reservation of one passenger', () => {
    expect(reasonsOf(facts({ passengerCount: 1 }), STAFF).split).toEqual(['onePassenger']);
  });

  it('cancels on a closed or departed flight only with the roles for such flights; the first flight tells', () => {
    const on = (...statuses: ('created' | 'closed' | 'departed')[]) =>
      facts({ flights: statuses.map((status) => ({ status })) });
    expect(reasonsOf(on('closed'), STAFF).cancel).toEqual(['flightClosed']);
    expect(reasonsOf(on('departed'), STAFF).cancel).toEqual(['flightDeparted']);
    expect(reasonsOf(on('created', 'closed'), STAFF).cancel).toEqual(['flightClosed']);
    expect(reasonsOf(on('departed', 'closed'), STAFF).cancel).toEqual(['flightDeparted']);
    const closedRole = [...STAFF, 'ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT'];
    expect(reasonsOf(on('closed'), closedRole).cancel).toEqual([]);
    expect(reasonsOf(on('departed'), closedRole).cancel).toEqual(['flightDeparted']);
    const departedRole = [...STAFF, 'ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT'];
    expect(reasonsOf(on('departed'), departedRole).cancel).toEqual([]);
    expect(reasonsOf(on('departed', 'closed'), ['ROLE_ADMIN']).cancel).toEqual([]);
    // editing and splitting are not blocked by the flights' state here (the change itself is checked)
    expect(reasonsOf(on('departed'), STAFF)).toMatchObject({ edit: [], split: [] });
  });

  it('prints documents before full payment only with their own before-paid role', () => {
    const partly = facts({ invoice: { status: 'partly', total: 50_000, totalPaid: 10_000 } });
    expect(reasonsOf(partly, ['ROLE_RESERVATION_TICKET_PDF_BEFORE_PAID'])).toMatchObject({
      ticketPdf: [],
      invoicePdf: ['notPaid'],
    });
    expect(reasonsOf(partly, ['ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID'])).toMatchObject({
      ticketPdf: ['notPaid'],
      invoicePdf: [],
    });
    expect(reasonsOf(partly, ['ROLE_ADMIN'])).toMatchObject({ ticketPdf: [], invoicePdf: [] });
  });

  it('needs both the read and the snapshot role for the history', () => {
    expect(reasonsOf(facts(), ['ROLE_RESERVATION_SNAPSHOT_LIST']).history).toEqual(['noRole']);
    expect(reasonsOf(facts(), ['ROLE_RESERVATION_READ', 'ROLE_RESERVATION_SNAPSHOT_LIST']).history).toEqual(
      [],
    );
  });
});

describe('a listed reservation as facts', () => {
  const listed = {
    status: 'reserved',
    invoice: { status: 'partly', total: 120.5, totalPaid: 0.1 },
    passengerCount: 3,
    flights: [{ status: 'closed' }],
  } as const;

  it('takes its CHF amounts in Rappen and has no credit note unless it says so', () => {
    expect(listedReservationFacts(listed)).toEqual({
      status: 'reserved',
      invoice: { status: 'partly', total: 12_050, totalPaid: 10 },
      pricesHidden: false,
      passengerCount: 3,
      flights: [{ status: 'closed' }],
      hasCreditNote: false,
    });
    expect(listedReservationFacts({ ...listed, hasCreditNote: true }).hasCreditNote).toBe(true);
  });

  it('reads amounts left out of the list as prices hidden from the reader', () => {
    const hidden = listedReservationFacts({ ...listed, invoice: { status: 'notPaid' } });
    expect(hidden).toMatchObject({ pricesHidden: true, invoice: { status: 'notPaid' } });
    expect(reservationActions(hidden, { roles: [] }).pay.reason).toBe('pricesHidden');
  });
});
