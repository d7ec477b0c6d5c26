import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import type { BookingService } from './booking.service.ts';
import type { BookingSearchService } from './booking-search.service.ts';

export const bookingRoutes = (services: { search: BookingSearchService; booking: BookingService }) => [
  route(api.booking.publicFlightList, ({ query }) => services.search.publicList(query)),
  route(api.booking.passengerSeats, ({ params, query, user }) =>
    services.booking.passengerSeats(params.id, query, user),
  ),
  route(api.booking.calculate, ({ user, body }) => services.booking.calculate(user, body)),
];
