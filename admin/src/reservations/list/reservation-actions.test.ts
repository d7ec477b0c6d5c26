import type { ReservationListItem } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { listItem } from '../../test/fake-payments.ts';
import {
  type ReservationRowAction,
  reservationListPermissions,
  rowActionState,
} from './reservation-actions.ts';

type FlightStatus = ReservationListItem['flights'][number]['status'];

/** A reservation in a state, on one outbound flight in a flight state. */
function row(
  status: ReservationListItem['status'],
  invoiceStatus: ReservationListItem['invoice']['status'],
  flightStatus: FlightStatus = 'created',
  passengerCount = 2,
): ReservationListItem {
  const item = listItem(7, status, 500, invoiceStatus === 'paid' ? 500 : 0);
  return {
    ...item,
    passengerCount,
    invoice: { ...item.invoice, status: invoiceStatus },
    flights: [
      {
        id: 1,
        number: 'FB100',
        direction: 'outbound',
        departure: '2031-03-10T05:30:00.000Z',
        status: flightStatus,
        origin: { code: 'ZRH', timezone: 'Europe/Zurich' },
        destination: { code: 'PRN', timezone: 'Europe/Belgrade' },
      },
    ],
  };
}

// Roles as the seed's groups give them (packages/api/src/seed/groups.ts), narrowed to the list's.
const MANAGER = {
  type: 'manager',
  roles: [
    'ROLE_RESERVATION_LIST',
    'ROLE_RESERVATION_READ',
    'ROLE_RESERVATION_UPDATE',
    'ROLE_RESERVATION_CREATE',
    'ROLE_FLIGHT_LIST',
    'ROLE_RESERVATION_CANCEL',
    'ROLE_RESERVATION_SPLIT',
    'ROLE_RESERVATION_SNAPSHOT_LIST',
    'ROLE_RESERVATION_INVOICE_ADD_PAYMENT',
    'ROLE_ACCOUNT_LIST_PAYMENT',
    'ROLE_RESERVATION_TICKET_PDF_BEFORE_PAID',
    'ROLE_RESERVATION_INVOICE_PDF_BEFORE_PAID',
    'ROLE_RESERVATION_SMS',
    'ROLE_RESERVATION_USER_LIST',
  ],
} as const;
const AGENT = {
  type: 'agent',
  roles: ['ROLE_FLIGHT_AGENT_FLIGHT_LIST', 'ROLE_RESERVATION_CREATE', 'ROLE_RESERVATION_READ'],
} as const;
const ADMIN = { type: 'admin', roles: ['ROLE_ADMIN'] } as const;

const states = (user: { type: string; roles: readonly string[] }, reservation: ReservationListItem) => {
  const permissions = reservationListPermissions({ type: user.type as 'manager', roles: user.roles });
  const actions: ReservationRowAction[] = ['edit', 'pay', 'ticket', 'invoice', 'split', 'cancel', 'history'];
  return Object.fromEntries(
    actions.map((action) => [action, rowActionState(action, reservation, permissions)]),
  );
};

describe('the reservation list actions (status × role × flight state)', () => {
  it('offers a manager everything on an open, unpaid reservation', () => {
    expect(states(MANAGER, row('reserved', 'notPaid'))).toEqual({
      edit: 'enabled',
      pay: 'enabled',
      ticket: 'enabled',
      invoice: 'enabled',
      split: 'enabled',
      cancel: 'enabled',
      history: 'enabled',
    });
  });

  it('disables edit, split, cancel and the ticket of a cancelled reservation; the invoice and history stay', () => {
    expect(states(MANAGER, row('cancelled', 'paid'))).toEqual({
      edit: 'disabled',
      pay: 'disabled',
      ticket: 'disabled',
      invoice: 'enabled',
      split: 'disabled',
      cancel: 'disabled',
      history: 'enabled',
    });
  });

  it('takes the open cancellation fee of a cancelled reservation', () => {
    expect(states(MANAGER, row('cancelled', 'notPaid')).pay).toBe('enabled');
    expect(states(MANAGER, row('cancelled', 'partly')).pay).toBe('enabled');
  });

  it('offers the credit note only where a cancellation gave money back', () => {
    const permissions = reservationListPermissions({ type: 'manager', roles: MANAGER.roles });
    const cancelled = row('cancelled', 'paid');
    expect(rowActionState('creditNote', cancelled, permissions)).toBe('hidden');
    expect(rowActionState('creditNote', { ...cancelled, hasCreditNote: true }, permissions)).toBe('enabled');
  });

  it('disables the invoice and credit note for a reader the prices are hidden from, as the API refuses them', () => {
    const permissions = reservationListPermissions({ type: 'manager', roles: MANAGER.roles });
    const cancelled = { ...row('cancelled', 'paid'), hasCreditNote: true };
    // The API leaves the amounts out for a reader who may not see them.
    const hidden = {
      ...cancelled,
      invoice: { ...cancelled.invoice, total: undefined, totalPaid: undefined },
    };
    expect(rowActionState('invoice', hidden, permissions)).toBe('disabled');
    expect(rowActionState('creditNote', hidden, permissions)).toBe('disabled');
    expect(rowActionState('invoice', cancelled, permissions)).toBe('enabled');
    expect(rowActionState('creditNote', cancelled, permissions)).toBe('enabled');
  });

  it('takes no payment on a paid invoice', () => {
    expect(states(MANAGER, row('confirmed', 'paid')).pay).toBe('disabled');
    expect(states(MANAGER, row('confirmed', 'partly')).pay).toBe('enabled');
  });

  it('cannot split a reservation of one passenger', () => {
    expect(states(MANAGER, row('reserved', 'notPaid', 'created', 1)).split).toBe('disabled');
  });

  it('disables cancel once a flight is closed or departed, unless the roles for such flights are held', () => {
    expect(states(MANAGER, row('reserved', 'notPaid', 'closed')).cancel).toBe('disabled');
    expect(states(MANAGER, row('reserved', 'notPaid', 'departed')).cancel).toBe('disabled');
    const mayChangeClosed = {
      ...MANAGER,
      roles: [...MANAGER.roles, 'ROLE_RESERVATION_UPDATE_CLOSED_FLIGHT'],
    };
    expect(states(mayChangeClosed, row('reserved', 'notPaid', 'closed')).cancel).toBe('enabled');
    expect(states(mayChangeClosed, row('reserved', 'notPaid', 'departed')).cancel).toBe('disabled');
    const mayEditDeparted = {
      ...MANAGER,
      roles: [...MANAGER.roles, 'ROLE_RESERVATION_EDIT_DEPARTED_FLIGHT'],
    };
    expect(states(mayEditDeparted, row('reserved', 'notPaid', 'departed')).cancel).toBe('enabled');
    expect(states(ADMIN, row('reserved', 'notPaid', 'departed')).cancel).toBe('enabled');
  });

  it('hides from an agent what needs staff roles; unpaid documents need the before-paid roles', () => {
    expect(states(AGENT, row('reserved', 'notPaid'))).toEqual({
      edit: 'hidden',
      pay: 'hidden',
      ticket: 'hidden',
      invoice: 'hidden',
      split: 'hidden',
      cancel: 'hidden',
      history: 'hidden',
    });
    // once paid, the owner gets ticket and invoice
    expect(states(AGENT, row('confirmed', 'paid'))).toMatchObject({ ticket: 'enabled', invoice: 'enabled' });
  });

  it('gives the edit link to employees and admins only, whatever roles an agent holds', () => {
    const agentWithEdit = { ...AGENT, roles: [...MANAGER.roles] };
    expect(states(agentWithEdit, row('reserved', 'notPaid')).edit).toBe('hidden');
    expect(states(ADMIN, row('reserved', 'notPaid')).edit).toBe('enabled');
  });

  it('tells the views apart: full list, own list, the customer view and the bulk SMS', () => {
    expect(reservationListPermissions(MANAGER)).toMatchObject({
      fullList: true,
      sms: true,
      fullView: true,
      create: true,
    });
    expect(reservationListPermissions(AGENT)).toMatchObject({
      fullList: false,
      sms: false,
      fullView: true,
      create: true,
    });
    expect(reservationListPermissions({ type: 'customer', roles: [] })).toMatchObject({
      fullList: false,
      fullView: false,
      create: false,
    });
  });
});
