import { satisfies } from '@flybook/domain';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';

/** How a caller stands to a reservation they may read. */
export interface ReservationAccess {
  isStaff: boolean;
  isOwner: boolean;
  isReservator: boolean;
  /** The owner of a booking whose reservator hid the price: no amount may reach them. */
  hidePrices: boolean;
}

/**
 * Who may read a reservation, its answer and its documents (docs/booking.md): its owner or
 * reservator, or staff holding both ROLE_RESERVATION_READ and ROLE_RESERVATION_LIST. Anyone else
 * gets 404, so ids reveal nothing.
 */
export function reservationAccess(
  user: AuthUser | null,
  reservation: {
    id: number;
    ownerId: number | null;
    reservatorId: number | null;
    priceNeedsToBeHidden: boolean;
  },
): ReservationAccess {
  const isStaff =
    user !== null && satisfies(user.roles, { allOf: ['ROLE_RESERVATION_READ', 'ROLE_RESERVATION_LIST'] });
  const isReservator = user !== null && reservation.reservatorId === user.id;
  const isOwner = user !== null && reservation.ownerId === user.id;
  if (!isStaff && !isReservator && !isOwner) throw ApiError.notFound('reservation', reservation.id);
  return {
    isStaff,
    isOwner,
    isReservator,
    hidePrices: reservation.priceNeedsToBeHidden && !isStaff && !isReservator,
  };
}
