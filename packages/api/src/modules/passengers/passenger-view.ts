import { ageOn, isInvoiceSettled } from '@flybook/domain';
import type { FlightPassenger } from '@flybook/schemas';
import type { PassengerRow } from './passengers.repository.ts';

/** A passenger's gender, or the one their salutation says when none was recorded. */
export const genderOf = (row: PassengerRow): 'male' | 'female' =>
  row.passenger.gender ?? (row.passenger.salutation === 'mrs' ? 'female' : 'male');

/** An agent as lists and PNL tabs name them: the company, or the name when no company is recorded. */
export const agentName = (agent: { company: string | null; displayName: string | null }) =>
  agent.company?.trim() || agent.displayName || '';

/** A passenger of a flight as the API shows them; ages count on the local departure day. */
export function toFlightPassenger(row: PassengerRow, departureDay: string): FlightPassenger {
  const { passenger, ticket, reservation, agent } = row;
  return {
    id: passenger.id,
    lastName: passenger.lastName,
    firstName: passenger.firstName,
    gender: passenger.gender,
    ageType: passenger.ageType,
    age: ageOn(passenger.birthday, departureDay),
    birthday: passenger.birthday,
    isAppeared: ticket.isAppeared,
    appearingComment: ticket.appearingComment,
    isNotified: ticket.isNotified,
    seatLabel: ticket.seatLabel,
    checkIn:
      ticket.checkedInAt && ticket.checkInSequence !== null
        ? { at: ticket.checkedInAt.toISOString(), sequenceNumber: ticket.checkInSequence }
        : null,
    reservation: {
      id: reservation.id,
      bookingReference: reservation.recordLocator,
      status: reservation.status,
      isPaid: isInvoiceSettled({ status: row.paymentStatus }),
      paymentStatus: row.paymentStatus,
      agent: agent === null ? null : { id: agent.id, company: agentName(agent) },
    },
    tariff: { id: ticket.tariffId, name: row.tariffName, group: { id: ticket.tariffGroupId } },
  };
}
