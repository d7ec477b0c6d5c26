import { api } from '@flybook/schemas';
import { route } from '../../http/routes.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';
import type { ReservationsService } from './reservations.service.ts';

export const reservationRoutes = (reservations: ReservationsService) => [
  route(api.reservation.create, ({ user, body, request }) =>
    reservations.create(user, body, idempotencyKeyOf(request.headers)),
  ),
  route(api.reservation.get, ({ user, params }) => reservations.get(user, params.id)),
  route(api.reservation.update, ({ user, params, body, request }) =>
    reservations.update(user, params.id, body, idempotencyKeyOf(request.headers)),
  ),
  route(api.reservation.cancel, ({ user, params, body, request }) =>
    reservations.cancel(user, params.id, body.fee, idempotencyKeyOf(request.headers)),
  ),
  route(api.reservation.split, ({ user, params, body, request }) =>
    reservations.split(user, params.id, body.passengerId, idempotencyKeyOf(request.headers)),
  ),
  route(api.reservation.rebook, ({ user, params, body, request }) =>
    reservations.rebook(user, params.id, body, idempotencyKeyOf(request.headers)),
  ),
  route(api.reservation.duplicatePassengers, ({ body }) => reservations.duplicatePassengers(body)),
  route(api.reservation.notify, ({ body }) => reservations.notify(body)),
  route(api.reservation.snapshotList, ({ user, params }) => reservations.snapshotList(user, params.id)),
];
