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
