import { toChf } from '@flybook/domain';
import type { RebookBody, UpdateReservationBody } from '@flybook/schemas';
import type { z } from 'zod';
import type { StoredAircraftSection } from '../../db/schema/index.ts';
import { reassignSeats } from '../booking/seat-view.ts';
import type { ReservationRecord, ReservationRow } from './reservations.repository.ts';

type UpdateBody = z.output<typeof UpdateReservationBody>;

/**
 * The change a rebooking makes, written as the edit the back office would send: every flight,
 * passenger, option and seat as it is, the cancelled flight replaced by the target with the same
 * tariff and options, seats re-assigned there (`reassignSeats`), the contact, owner and terms kept,
 * and the invoice's total kept as the agreed price unless `total` sets another (docs/flights.md).
 */
export function rebookedBody(
  record: ReservationRecord,
  row: ReservationRow,
  body: z.output<typeof RebookBody>,
  target: { sections: readonly StoredAircraftSection[]; held: ReadonlySet<string> },
): UpdateBody {
  const onTarget = (flightId: number) => (flightId === body.fromFlightId ? body.toFlightId : flightId);
  const positionOf = new Map(record.passengers.map((passenger, index) => [passenger.id, index]));
  const booked = new Map<number, { flightId: number; tariffId: number; outbound: boolean }>();
  for (const { ticket, flight } of record.tickets) {
    if (booked.has(flight.id)) continue;
    booked.set(flight.id, {
      flightId: onTarget(flight.id),
      tariffId: ticket.tariffId,
      outbound: ticket.direction === 'outbound',
    });
  }
  const seats = reassignSeats(
    record.tickets
      .filter(({ ticket, flight }) => flight.id === body.fromFlightId && ticket.seatLabel !== null)
      .map(({ ticket }) => ({
        key: ticket.passengerId,
        label: ticket.seatLabel!,
        tariffGroupId: ticket.tariffGroupId,
      })),
    target.sections,
    target.held,
  );
  const ticketById = new Map(record.tickets.map(({ ticket }) => [ticket.id, ticket]));
  const { billing } = record.reservation;
  return {
    bookedFlights: [...booked.values()]
      .sort((a, b) => Number(b.outbound) - Number(a.outbound))
      .map((flight) => ({ flight: { id: flight.flightId }, tariff: { id: flight.tariffId } })),
    passengers: record.passengers.map((passenger) => ({
      id: passenger.id,
      salutation: passenger.salutation as 'mr' | 'mrs',
      firstName: passenger.firstName,
      lastName: passenger.lastName,
      // Stored as booked: older bookings may lack a gender or birthday, the edit keeps them so.
      gender: passenger.gender as 'male' | 'female',
      ageType: passenger.ageType,
      birthday: passenger.birthday as string,
    })),
    // The contact as stored: the edit writes it back unchanged (older bookings may lack parts of it).
    billingInformation: {
      ...billing,
      language: record.reservation.language,
      isCreateAccount: false,
    } as UpdateBody['billingInformation'],
    passengersOptions: record.options.flatMap((option) => {
      const ticket = ticketById.get(option.ticketId);
      if (!ticket) return [];
      return [
        {
          passenger: positionOf.get(ticket.passengerId)!,
          flight: { id: onTarget(ticket.flightId) },
          option: { id: option.optionId },
        },
      ];
    }),
    passengersSeats: record.tickets.flatMap(({ ticket, flight }) => {
      const label = flight.id === body.fromFlightId ? seats.get(ticket.passengerId) : ticket.seatLabel;
      return label
        ? [
            {
              passenger: positionOf.get(ticket.passengerId)!,
              flight: { id: onTarget(flight.id) },
              seatLabel: label,
            },
          ]
        : [];
    }),
    paymentTerms: 'update',
    ...(row.ownerId !== null ? { owner: { id: row.ownerId } } : {}),
    isSpecificPrice: true,
    total: body.total ?? toChf(record.invoice.total),
    priceNeedsToBeHidden: row.priceNeedsToBeHidden,
    comment: row.comment,
  };
}
