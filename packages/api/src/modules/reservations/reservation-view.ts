import { toChf } from '@flybook/domain';
import type { Reservation } from '@flybook/schemas';
import type { ReservationRecord } from './reservations.repository.ts';

/**
 * A reservation as the API shows it. With `hidePrices` (the owner of a booking whose reservator
 * hid the price) no amount is shown at all.
 */
export function toReservation(record: ReservationRecord, hidePrices: boolean): Reservation {
  const { reservation, invoice } = record;
  const flightsById = new Map(
    record.tickets.map((row) => [
      row.flight.id,
      {
        id: row.flight.id,
        number: row.flight.number,
        direction: row.ticket.direction,
        departure: row.flight.departure.toISOString(),
        arrival: row.flight.arrival.toISOString(),
        origin: row.origin,
        destination: row.destination,
        status: row.flight.status,
      },
    ]),
  );
  const { password: _password, ...billing } = reservation.billing as typeof reservation.billing & {
    password?: string;
  };
  return {
    id: reservation.id,
    recordLocator: reservation.recordLocator,
    status: reservation.status,
    flights: [...flightsById.values()].sort((a, b) =>
      a.direction === b.direction ? 0 : a.direction === 'outbound' ? -1 : 1,
    ),
    passengers: record.passengers.map((passenger) => ({
      id: passenger.id,
      salutation: passenger.salutation === 'mrs' ? 'mrs' : 'mr',
      firstName: passenger.firstName,
      lastName: passenger.lastName,
      gender: passenger.gender,
      ageType: passenger.ageType,
      birthday: passenger.birthday,
      tickets: record.tickets
        .filter((row) => row.ticket.passengerId === passenger.id)
        .map(({ ticket }) => ({
          flight: { id: ticket.flightId },
          direction: ticket.direction,
          tariff: { id: ticket.tariffId },
          seatLabel: ticket.seatLabel,
          ...(hidePrices
            ? {}
            : {
                basePrice: toChf(ticket.basePrice),
                airportFee: toChf(ticket.airportFee),
                fuelFee: toChf(ticket.fuelFee),
                seatPrice: toChf(ticket.seatPrice),
              }),
          options: record.options
            .filter((option) => option.ticketId === ticket.id)
            .map((option) => ({
              option: { id: option.optionId, title: option.optionTitle },
              ...(hidePrices ? {} : { price: toChf(option.price) }),
            })),
        })),
    })),
    invoice: {
      id: invoice.id,
      status: invoice.status,
      ...(hidePrices
        ? {}
        : {
            total: toChf(invoice.total),
            totalPaid: toChf(invoice.totalPaid),
            updateFee: toChf(invoice.updateFee),
          }),
      paymentDeadline: invoice.paymentDeadline,
      paymentTerms: invoice.paymentTerms,
      isSpecificPrice: invoice.isSpecificPrice,
      payments: hidePrices
        ? []
        : record.payments.map((payment) => ({
            id: payment.id,
            amount: toChf(payment.amount),
            type: { code: payment.method },
            createdAt: payment.createdAt.toISOString(),
          })),
    },
    owner: record.owner?.id ? { id: record.owner.id, displayName: record.owner.displayName } : null,
    reservator: record.reservator?.id
      ? { id: record.reservator.id, displayName: record.reservator.displayName }
      : null,
    billingInformation: billing,
    language: reservation.language,
    comment: reservation.comment,
    priceNeedsToBeHidden: reservation.priceNeedsToBeHidden,
    expiresAt: reservation.expiresAt?.toISOString() ?? null,
    createdAt: reservation.createdAt.toISOString(),
    ...(hidePrices ? {} : { hasCreditNote: record.hasCreditNote }),
    splitFrom: record.splitFrom,
    splitInto: record.splitInto,
  };
}
