import type { Db } from '../../db/client.ts';
import type { RouteBinding } from '../../http/routes.ts';

export const reservationListRoutes = (_db: Db): RouteBinding[] => [];
