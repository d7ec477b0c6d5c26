import { api } from '@flybook/schemas';
import type { Db } from '../../db/client.ts';
import { type RouteBinding, route } from '../../http/routes.ts';
import { createReservationListsService } from './reservation-lists.service.ts';

export const reservationListRoutes = (db: Db): RouteBinding[] => {
  const lists = createReservationListsService(db);
  return [
    route(api.reservationList.list, ({ user, query }) => lists.list(user, query)),
    route(api.reservationList.ownList, ({ user, query }) => lists.ownList(user, query)),
    route(api.reservationList.invoiceList, ({ user, query }) => lists.invoiceList(user, query)),
    route(api.reservationList.userList, ({ query }) => lists.userList(query)),
    route(api.reservationList.passengerList, ({ user, query }) => lists.passengerList(user, query)),
  ];
};
