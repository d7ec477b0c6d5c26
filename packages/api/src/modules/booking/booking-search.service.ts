import { type BookableFlight, type BookingSearchQuery, partyOf } from '@flybook/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import * as flightsRepo from '../flights/flights.repository.ts';
import { priceListsOf } from './booking.repository.ts';
import { bookingSeatsOf, isOpenFor, priceListOf, seatsNeeded } from './price-list.ts';

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

/** The public flight search (spec 02 §7): bookable flights for the party, with prices and seats. */
export function createBookingSearchService(db: Db) {
  return {
    async publicList(query: SearchQuery): Promise<{ items: BookableFlight[]; total: number }> {
      const party = partyOf(query);
      const { items, total } = await flightsRepo.listFlights(
        db,
        { ...searchFilters(query), isActive: true },
        { page: query.page, pageSize: query.pageSize, sortBy: 'departure', sortOrder: query.sortOrder },
        { onlyActive: true, publicSeats: Math.max(1, seatsNeeded(party)) },
      );
      const ids = items.map((head) => head.flight.id);
      const [seats, prices] = await Promise.all([
        flightsRepo.seatsOf(db, ids),
        priceListsOf(
          db,
          items.map((head) => head.rate.id),
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
              id: head.rate.id,
              priceList: priceListOf({
                prices: prices.get(head.rate.id) ?? [],
                seats: flightSeats,
                party,
                channel: 'public',
                isOpen: isOpenFor(head.flight, 'public'),
              }),
            },
            aircraftTemplate: { id: head.template.id },
            seatsByTariff: bookingSeatsOf(flightSeats, 'public'),
          };
        }),
        total,
      };
    },
  };
}

export type BookingSearchService = ReturnType<typeof createBookingSearchService>;
