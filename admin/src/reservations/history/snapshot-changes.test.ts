import type { Reservation } from '@flybook/schemas';
import { describe, expect, it } from 'vitest';
import { fakeReservation } from '../../test/fake-payments.ts';
import { snapshotChanges } from './snapshot-changes.ts';

/** The fake reservation, each passenger with an outbound ticket in seat 1A, 1B, … */
function version(change: (reservation: Reservation) => Reservation = (r) => r): Reservation {
  const reservation = structuredClone(fakeReservation());
  const flight = reservation.flights[0]!;
  reservation.passengers.forEach((passenger, index) => {
    passenger.tickets = [
      {
        flight: { id: flight.id },
        direction: 'outbound',
        tariff: { id: 2 },
        seatLabel: `1${'ABCDEF'[index]}`,
        options: [],
      },
    ];
  });
  return change(reservation);
}

describe('the difference between two versions of a reservation', () => {
  it('reads the first version as booked, with flights, passengers and total', () => {
    const first = version();
    const [created] = snapshotChanges(null, first);
    expect(created).toMatchObject({
      kind: 'created',
      passengers: first.passengers.map((p) => `${p.firstName} ${p.lastName}`),
      total: first.invoice.total,
    });
  });

  it('names a moved seat with its passenger and flight', () => {
    const before = version();
    const after = version((r) => {
      const ticket = r.passengers[0]!.tickets[0]!;
      ticket.seatLabel = '14C';
      return r;
    });
    const name = `${before.passengers[0]!.firstName} ${before.passengers[0]!.lastName}`;
    expect(snapshotChanges(before, after)).toEqual([
      {
        kind: 'seat',
        passenger: name,
        flight: before.flights[0]!.number,
        from: before.passengers[0]!.tickets[0]!.seatLabel,
        to: '14C',
      },
    ]);
  });

  it('lists status, invoice, billing and comment changes, and removed passengers', () => {
    const before = version();
    const removed = before.passengers[before.passengers.length - 1]!;
    const after = version((r) => ({
      ...r,
      status: 'cancelled',
      comment: 'called the office',
      billingInformation: { ...r.billingInformation, city: 'Winterthur' },
      invoice: { ...r.invoice, total: 40 },
      passengers: r.passengers.slice(0, -1),
    }));
    const changes = snapshotChanges(before, after);
    expect(changes).toContainEqual({ kind: 'status', from: before.status, to: 'cancelled' });
    expect(changes).toContainEqual({ kind: 'invoice', field: 'total', from: before.invoice.total, to: 40 });
    expect(changes).toContainEqual({
      kind: 'billing',
      field: 'city',
      from: before.billingInformation.city ?? '',
      to: 'Winterthur',
    });
    expect(changes).toContainEqual({ kind: 'comment', from: before.comment, to: 'called the office' });
    expect(changes).toContainEqual({
      kind: 'passengerRemoved',
      passenger: `${removed.firstName} ${removed.lastName}`,
    });
  });

  it('names added and removed extras by their title', () => {
    const before = version();
    const after = version((r) => {
      r.passengers[0]!.tickets[0]!.options = [
        { option: { id: 3, title: { en: 'Extra bag', de: 'Gepäck', fr: 'Bagage', sq: 'Bagazh' } } },
      ];
      return r;
    });
    expect(snapshotChanges(before, after)).toEqual([
      expect.objectContaining({ kind: 'optionAdded', option: expect.objectContaining({ en: 'Extra bag' }) }),
    ]);
    expect(snapshotChanges(after, before)).toEqual([expect.objectContaining({ kind: 'optionRemoved' })]);
  });

  it('finds nothing between equal versions', () => {
    expect(snapshotChanges(version(), version())).toEqual([]);
  });
});

describe('what a split, a consent and a change fee leave in the history', () => {
  it('names the reservation a split-off one came from, and the one split off', () => {
    const from = { id: 40, recordLocator: 'K7QX2M' };
    const created = snapshotChanges(
      null,
      version((r) => ({ ...r, splitFrom: from })),
    );
    expect(created.map((change) => change.kind)).toEqual(['created', 'splitFrom']);
    expect(created[1]).toEqual({ kind: 'splitFrom', reservation: from });
    const into = { id: 41, recordLocator: 'P3RT9Z' };
    const before = version((r) => ({ ...r, splitInto: [] }));
    const after = version((r) => ({ ...r, splitInto: [into] }));
    expect(snapshotChanges(before, after)).toContainEqual({ kind: 'splitInto', reservation: into });
  });

  it('shows a changed consent and change fee, but reads nothing into versions saved without them', () => {
    const consenting = (given: boolean | undefined, fee: number | undefined) =>
      version((r) => ({
        ...r,
        billingInformation: { ...r.billingInformation, isPostInformation: given },
        invoice: { ...r.invoice, updateFee: fee },
      }));
    expect(snapshotChanges(consenting(true, 0), consenting(false, 35))).toEqual([
      { kind: 'consent', field: 'isPostInformation', to: false },
      { kind: 'invoice', field: 'updateFee', from: 0, to: 35 },
    ]);
    expect(snapshotChanges(consenting(undefined, undefined), consenting(true, 0))).toEqual([]);
  });
});
