import {
  type BookingChannel,
  bookableSeats,
  freeSeats,
  seatsTakenBy,
  toChf,
  visibleFreeSeats,
} from '@flybook/domain';
import type { AgeType, PriceListEntry } from '@flybook/schemas';
import type { PriceListRow } from '../rates/rates.service.ts';
import type { FlightSeatsRow } from './flights.repository.ts';

/**
 * Whether a flight can be booked at all through a channel: staff book any flight that has not
 * departed or been cancelled; the public and agents need it active, open and not booked out.
 */
export function isOpenFor(
  flight: { status: string; isActive: boolean; isBookedOut: boolean },
  channel: BookingChannel,
): boolean {
  if (channel === 'staff') return flight.status === 'created' || flight.status === 'closed';
  return flight.status === 'created' && flight.isActive && !flight.isBookedOut;
}

/**
 * A flight's prices per tariff (CHF) and whether the party fits into each tariff's group through
 * this channel. A tariff is inactive when its rate is or the aircraft has no seats for sale in it.
 */
export function priceListOf(options: {
  prices: readonly PriceListRow[];
  seats: readonly FlightSeatsRow[];
  party: readonly AgeType[];
  channel: BookingChannel;
  isOpen: boolean;
  allotmentsLeft?: ReadonlyMap<number, number>;
}): PriceListEntry[] {
  const need = Math.max(1, seatsTakenBy(options.party));
  return options.prices.map((price) => {
    const group = options.seats.find((row) => row.tariffGroupId === price.tariff.groupId);
    const isActive = price.rateIsActive && group !== undefined && group.seatsForSale > 0;
    const bookable = group
      ? bookableSeats(group, options.channel, options.allotmentsLeft?.get(group.tariffGroupId) ?? 0)
      : 0;
    return {
      tariff: { id: price.tariff.id, group: { id: price.tariff.groupId }, name: price.tariff.name, isActive },
      priceRound: toChf(price.priceRound),
      priceStandard: toChf(price.priceStandard),
      fuelFee: toChf(price.fuelFee),
      airportFee: toChf(price.airportFee),
      hasAvailableSeats: options.isOpen && isActive && bookable >= need,
    };
  });
}

/** Seats per tariff group as the booking side shows them: staff see the real (maybe negative) free count. */
export function bookingSeatsOf(
  seats: readonly FlightSeatsRow[],
  channel: BookingChannel,
  allotmentsLeft?: ReadonlyMap<number, number>,
) {
  return seats.map((row) => ({
    tariffGroup: { id: row.tariffGroupId },
    seatsForSale: row.seatsForSale,
    booked: row.booked,
    free:
      channel === 'staff'
        ? freeSeats(row)
        : bookableSeats(row, channel, allotmentsLeft?.get(row.tariffGroupId) ?? 0),
    left: visibleFreeSeats(row),
  }));
}
