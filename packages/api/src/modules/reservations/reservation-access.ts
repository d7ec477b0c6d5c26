import { satisfies } from '@flybook/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { reservations } from '../../db/schema/index.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AuthUser } from '../../http/routes.ts';
import { guestKeyMatches } from './guest-key.ts';

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

/**
 * Whether a caller may count a reservation's seats as their own (docs/security.md, "Public calls
 * keyed by ids or secrets"): the holder of its guest key, or a session that may read it, as
 * GET reservation/{id} decides. Anyone else passing its id is treated as if they had passed none,
 * so the answer tells a stranger nothing about whose seats are whose.
 */
export async function actsForReservation(
  db: Db | Tx,
  reservationId: number | undefined,
  caller: { user: AuthUser | null; guestKey?: string | undefined; seatsRole?: boolean },
): Promise<number | undefined> {
  if (reservationId === undefined) return undefined;
  const [row] = await db
    .select({
      id: reservations.id,
      ownerId: reservations.ownerId,
      reservatorId: reservations.reservatorId,
      priceNeedsToBeHidden: reservations.priceNeedsToBeHidden,
      guestKeyHash: reservations.guestKeyHash,
    })
    .from(reservations)
    .where(eq(reservations.id, reservationId))
    .limit(1);
  if (!row) return undefined;
  if (guestKeyMatches(caller.guestKey, row.guestKeyHash)) return row.id;
  if (!caller.user) return undefined;
  // Departure control seats any passenger of any flight: the seat map may show whose seat it moves.
  if (caller.seatsRole && satisfies(caller.user.roles, 'ROLE_FLIGHT_PASSENGER_SEAT')) return row.id;
  try {
    reservationAccess(caller.user, row);
    return row.id;
  } catch {
    return undefined;
  }
}
