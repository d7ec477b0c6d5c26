import { seatsTakenBy } from '@flybook/domain';
import { type BookableFlight, type BookingSearchQuery, partyOf } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ShortCache } from '../../platform/short-cache.ts';
import { listBookableFlights, seatsOf } from '../flights/flights.service.ts';
import { bookingSeatsOf, isOpenFor, priceListOf } from '../flights/price-list.ts';
import { priceListsOf } from '../rates/rates.service.ts';

type SearchQuery = z.output<typeof BookingSearchQuery>;

/** The search filters in the flight list's terms: the booking names win over the list names. */
export function searchFilters(query: SearchQuery) {
  return {
    origin: query.fromAirportCode ?? query.origin,
    destination: query.toAirportCode ?? query.destination,
    departureFrom: query.departureDate ?? query.departureFrom,
    departureTo: query.departureDate ?? query.departureTo,
  };
}

export type PublicSearchAnswer = { items: BookableFlight[]; total: number };

/**
 * The public flight search (spec 02 §7): bookable flights for the party, with prices and seats.
 * Answers come from a short cache (docs/booking.md, Search): the busiest call of the site, asked
 * the same way by many visitors; the booking itself always counts seats under a lock.
 */
export function createBookingSearchService(db: Db, cache: ShortCache<PublicSearchAnswer>) {
  return {
    publicList(query: SearchQuery): Promise<PublicSearchAnswer> {
      return cache.get(JSON.stringify(query), () => searchPublic(query));
    },
  };

  async function searchPublic(query: SearchQuery): Promise<PublicSearchAnswer> {
    const party = partyOf(query);
    const { items, total } = await listBookableFlights(
      db,
      { ...searchFilters(query), isActive: true },
      { page: query.page, pageSize: query.pageSize, sortOrder: query.sortOrder },
      { onlyActive: true, publicSeats: Math.max(1, seatsTakenBy(party)) },
    );
    const ids = items.map((head) => head.flight.id);
    const [seats, prices] = await Promise.all([
      seatsOf(db, ids),
      priceListsOf(
        db,
        items.map((head) => head.flight.rateId),
      ),
    ]);
    return {
      items: items.map((head) => {
        const flightSeats = seats.get(head.flight.id) ?? [];
        return {
          id: head.flight.id,
          number: head.flight.number,
          departure: head.flight.departure.toISOString(),
          arrival: head.flight.arrival.toISOString(),
          origin: head.origin,
          destination: head.destination,
          flightCompany: { name: head.company.name, code: head.company.code },
          status: head.flight.status,
          isActive: head.flight.isActive,
          isBookedOut: head.flight.isBookedOut,
          rate: {
            id: head.flight.rateId,
            priceList: priceListOf({
              prices: prices.get(head.flight.rateId) ?? [],
              seats: flightSeats,
              party,
              channel: 'public',
              isOpen: isOpenFor(head.flight, 'public'),
            }),
          },
          aircraftTemplate: { id: head.flight.aircraftTemplateId },
          seatsByTariff: bookingSeatsOf(flightSeats, 'public'),
        };
      }),
      total,
    };
  }
}

export type BookingSearchService = ReturnType<typeof createBookingSearchService>;
